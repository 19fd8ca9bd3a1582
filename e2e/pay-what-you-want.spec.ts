import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { E2E_OWNER_EMAIL } from '../playwright.config.ts'
import { signInAsOwner } from './support/accounts.ts'
import { createOwnerProduct } from './support/owner-products.ts'

// Pay what you want: the owner makes a product buyers pay $5.00 or more for (suggesting $10.00)
// → a visitor's product page refuses $1.00 with the sentence under the field and both buttons
// disabled → the API refuses the same amount from the page with the same sentence → $7.50 is
// taken, and the cart shows and totals $7.50. And on a slow phone, a buyer who types $4 before the
// app has taken the page over is refused in the same words, not given the suggested $8.00; $6 typed
// next is what the cart line says.

const PASSWORD = 'correct horse battery'
// Named for this run: a retry makes it again, and two products of one name would be two headings.
const PRODUCT = `Tip Jar Loops ${Date.now().toString(36).slice(-5).toUpperCase()}`
const REFUSAL = `Enter at least $5.00 for ${PRODUCT}`

/** The product as the console makes it: hidden, $5.00 or more (suggesting `suggested`), its file uploaded, then active. */
function createPayWhatYouWantProduct(request: APIRequestContext, baseURL: string, name = PRODUCT, suggested = '10.00'): Promise<string> {
  const fields = {
    name,
    price: suggested,
    priceModel: 'pwyw',
    minimumPrice: '5.00',
    tags: 'loops',
    description: 'Dusty loops for whatever you think they are worth.',
  } as const
  return createOwnerProduct(request, baseURL, fields, { name: 'tip-jar-loops.zip', bytes: Buffer.from('loops for a tip jar\n'.repeat(200)) })
}

test('a pay-what-you-want product refuses an amount under its minimum on the page and in the API, and takes $7.50 into the cart', async ({
  page,
  browser,
  baseURL,
}) => {
  const ownerContext = await browser.newContext({ baseURL: baseURL! })
  const owner = await ownerContext.newPage()
  await signInAsOwner(owner, baseURL!, E2E_OWNER_EMAIL, PASSWORD)
  const productId = await createPayWhatYouWantProduct(owner.request, baseURL!)
  await ownerContext.close()

  await page.goto(`/products/${productId}`)
  // Typing before the page is hydrated would reach only the server's HTML.
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('heading', { level: 1, name: PRODUCT })).toBeVisible()
  const price = page.getByRole('region', { name: 'Price and preview' })
  await expect(price).toContainText('Pay what you want')
  await expect(price).toContainText('from $5.00')

  const amount = page.getByLabel('Name your price (minimum $5.00)')
  await expect(amount).toHaveValue('10.00')
  // The product's own button, before the related products' cards.
  const addToCart = page.getByRole('button', { name: 'Add to Cart' }).first()
  const buyNow = page.getByRole('button', { name: 'Buy Now' })
  await amount.fill('1.00')
  await expect(page.getByText(REFUSAL)).toBeVisible()
  await expect(addToCart).toBeDisabled()
  await expect(buyNow).toBeDisabled()

  // The server is the authority: the same amount sent from the page is refused in the same words.
  const answer = await page.evaluate(async (id) => {
    const response = await fetch('/api/checkout/sessions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        checkoutType: 'direct',
        customerEmail: 'tip.jar.guest@example.com',
        items: [{ productId: id, quantity: 1, chosenPriceCents: 100 }],
        successUrl: `${location.origin}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${location.origin}/payment/cancel`,
        uiMode: 'hosted',
      }),
    })
    return { status: response.status, body: await response.json() }
  }, productId)
  expect(answer).toEqual({ status: 400, body: { error: { message: REFUSAL, status: 400, code: 'PRICE_BELOW_MINIMUM' } } })

  await amount.fill('7.50')
  await expect(page.getByText(REFUSAL)).toBeHidden()
  await expect(buyNow).toBeEnabled()
  await addToCart.click()

  const drawer = page.getByRole('dialog', { name: /Shopping Cart/ })
  const line = drawer.getByRole('listitem').filter({ hasText: PRODUCT })
  await expect(line).toContainText('$7.50')
  await expect(line.getByLabel(/Your price \(minimum \$5\.00\)/)).toHaveValue('7.50')
  await expect(drawer.getByText('Subtotal').locator('xpath=following-sibling::*[1]')).toHaveText('$7.50')

  // The guest cart keeps the amount: the cart page shows it after a reload.
  await page.goto('/cart')
  await expect(page.getByRole('listitem').filter({ hasText: PRODUCT })).toContainText('$7.50')
})

test('an amount typed before the app has taken the page over is the amount refused or put in the cart, never the suggested one', async ({
  page,
  browser,
  baseURL,
}) => {
  const name = `Early Tip Loops ${Date.now().toString(36).slice(-5).toUpperCase()}`
  const ownerContext = await browser.newContext({ baseURL: baseURL! })
  const owner = await ownerContext.newPage()
  await signInAsOwner(owner, baseURL!, E2E_OWNER_EMAIL, PASSWORD)
  const productId = await createPayWhatYouWantProduct(owner.request, baseURL!, name, '8.00')
  await ownerContext.close()

  // A slow phone: the processor at a sixth of its speed, and the app's code held back until the
  // buyer has typed and pressed, so both reach only the server's HTML.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
  let releaseApp!: () => void
  const appHeld = new Promise<void>((resolve) => (releaseApp = resolve))
  await page.route(/\/assets\/start-app-[\w-]+\.js$/, async (route) => {
    await appHeld
    await route.continue()
  })

  // The entry script (which holds early taps) has run by DOMContentLoaded; the app has not.
  await page.goto(`/products/${productId}`, { waitUntil: 'domcontentloaded' })
  const amount = page.getByLabel('Name your price (minimum $5.00)')
  await expect(amount).toHaveValue('8.00')
  await amount.fill('4')
  const addToCart = page.getByRole('button', { name: 'Add to Cart' }).first()
  await addToCart.click()
  releaseApp()

  const refusal = page.getByText(`Enter at least $5.00 for ${name}`)
  await expect(refusal).toBeVisible()
  await expect(amount).toHaveValue('4')
  await expect(addToCart).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeDisabled()
  // The held tap was given and refused: the cart holds nothing, at $8.00 or any amount.
  await expect(page.getByRole('dialog', { name: /Shopping Cart/ })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Cart 0 items' })).toBeVisible()

  await amount.fill('6')
  await expect(refusal).toBeHidden()
  await addToCart.click()
  const line = page
    .getByRole('dialog', { name: /Shopping Cart/ })
    .getByRole('listitem')
    .filter({ hasText: name })
  await expect(line).toContainText('$6.00')
  await expect(line).not.toContainText('$8.00')
})
