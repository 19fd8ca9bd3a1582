// Checkout journeys with the built-in payment provider: the redirect flow paid on its hosted
// page, the embedded flow, Buy Now, a declined card and a cancelled payment.
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { createConfirmedAccount, signIn } from './support/accounts.ts'
import { answerBuyNowCountry, soldAtItsPrice, type ApiProduct } from './support/purchases.ts'

interface SessionOrder {
  orderNumber: string
  status: string
  totalCents: number
}

async function catalog(request: APIRequestContext): Promise<ApiProduct[]> {
  const response = await request.get('/api/products?limit=100')
  return ((await response.json()) as { data: ApiProduct[] }).data.filter(soldAtItsPrice)
}

/**
 * Opens a page and waits until the session is known (the header shows Sign In or the account)
 * and the page's own code has arrived: the header hydrates first, and a click on a painted
 * button whose page chunk is still loading would be lost.
 */
async function open(page: Page, path: string, signedIn = false) {
  await page.goto(path)
  await page.waitForLoadState('networkidle')
  await expect(signedIn ? page.getByRole('link', { name: /^Account: / }) : page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible()
}

const drawerOf = (page: Page) => page.getByRole('dialog', { name: /^Shopping Cart/ })
const figure = (page: Page, label: string) =>
  drawerOf(page)
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}`) })
    .locator('xpath=following-sibling::dd[1]')

async function addToCart(page: Page, product: ApiProduct, signedIn = false) {
  await open(page, `/products/${product.id}`, signedIn)
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
  await page.getByRole('button', { name: 'Add to Cart' }).first().click()
  await expect(drawerOf(page)).toBeVisible()
}

async function fillInformation(page: Page, names: { first: string; last: string }, email?: string) {
  if (email) await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('First name').fill(names.first)
  await page.getByLabel('Last name').fill(names.last)
  await page.getByLabel('Address', { exact: true }).fill('1 Abbey Road')
  await page.getByLabel('City').fill('London')
  await page.getByLabel('Country').selectOption('United Kingdom')
  await page.getByLabel('Postal code').fill('NW8 9AY')
}

/** Pays with a card in the built-in provider's form (hosted page or embedded). */
async function payWithCard(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber)
  await page.getByLabel('Expiration date (MM / YY)').fill('12 / 34')
  await page.getByLabel('CVC').fill('123')
  await page.getByLabel('Name on card').fill('Test Producer')
  await page.getByRole('button', { name: /^Pay \$/ }).click()
}

/** Signs up a confirmed account and signs in through /login. */
async function signedInProducer(page: Page, baseURL: string): Promise<string> {
  const password = 'checkout-journey-secret'
  const email = await createConfirmedAccount(page, baseURL, password)
  await open(page, '/login')
  await signIn(page, email, password)
  await expect(page).toHaveURL(/\/profile$/)
  return email
}

async function expectPaid(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/payment\/success\?session_id=/)
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible({ timeout: 20_000 })
  const orderNumber = (await page.locator('dt', { hasText: 'Order number' }).locator('xpath=following-sibling::dd[1]').textContent())!.trim()
  expect(orderNumber).toMatch(/^[0-9A-F]{8}$/)
  const sessionId = new URL(page.url()).searchParams.get('session_id')!
  await expect(page.getByText(sessionId, { exact: true })).toBeVisible()
  return orderNumber
}

test('a guest pays the cart with WELCOME10 on the payment page; the success page shows the order and the mailbox has the receipt', async ({ page }) => {
  const products = await catalog(page.request)
  const [first, second] = products.slice(-2)
  await addToCart(page, first!)
  await addToCart(page, second!)

  const drawer = drawerOf(page)
  await drawer.getByLabel('Promo code').fill('welcome10')
  await drawer.getByLabel('Promo code').press('Enter')
  await expect(drawer.getByText('WELCOME10', { exact: true })).toBeVisible()
  const total = (await figure(page, 'Total').textContent())!.trim()
  await drawer.getByRole('link', { name: 'Proceed to Checkout' }).click()
  await expect(page).toHaveURL(/\/checkout$/)

  const email = `guest-buyer-${Date.now()}@example.com`
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(page.getByRole('alert')).toContainText('Please fill in all required fields')
  await fillInformation(page, { first: 'Ada', last: 'Lovelace' }, email)
  await page.getByRole('button', { name: 'Continue', exact: true }).click()

  const steps = page.getByRole('list', { name: 'Checkout steps' }).getByRole('listitem')
  await expect(steps.first()).toContainText('Information (completed)')
  await expect(page.getByLabel('Order review')).toContainText('Digital Download')
  const pay = page.getByRole('button', { name: `Continue to Payment - ${total}` })
  await pay.click()

  // The provider's page charges exactly the figure the button showed.
  await expect(page).toHaveURL(/\/pay\/cs_/)
  await expect(page.locator('dt', { hasText: 'Total due' }).locator('xpath=following-sibling::dd[1]')).toHaveText(total)
  await payWithCard(page, '4242 4242 4242 4242')

  await expect(page.getByRole('heading', { name: 'Processing your payment' })).toBeVisible()
  const orderNumber = await expectPaid(page)
  await expect(page.getByText(email)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cart 0 items' })).toBeVisible()

  await page.getByRole('button', { name: 'View order confirmation' }).click()
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible()
  await expect(page.getByText(orderNumber)).toBeVisible()
  await expect(page.getByText('Card ending in 4242')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Download All Products' })).toHaveAttribute('href', '/download-hub')

  await page.goto('/dev/mailbox')
  await expect(page.getByText(`Your Audio Lab Store receipt for order ${orderNumber}`).first()).toBeVisible()
})

test('a signed-in producer pays in the embedded form on /checkout/hosted', async ({ page, baseURL }) => {
  const email = await signedInProducer(page, baseURL!)
  const products = await catalog(page.request)
  await addToCart(page, products[0]!, true)

  await open(page, '/checkout/hosted', true)
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email)
  await fillInformation(page, { first: 'Grace', last: 'Hopper' })
  await page.getByRole('button', { name: 'Continue to payment' }).click()
  await expect(page.getByRole('button', { name: /^Pay \$/ })).toBeVisible()

  // Editing the information discards the session; continuing makes a new one.
  await page.getByRole('button', { name: 'Edit information' }).click()
  await expect(page.getByRole('button', { name: /^Pay \$/ })).toBeHidden()
  await page.getByRole('button', { name: 'Continue to payment' }).click()

  await payWithCard(page, '4242424242424242')
  await expectPaid(page)
  await expect(page.getByRole('button', { name: 'Cart 0 items' })).toBeVisible()
  const orders = (await (await page.request.get('/api/orders?status=COMPLETED')).json()) as { data: Array<{ customerEmail: string }> }
  expect(orders.data).toHaveLength(1)
})

test('Buy Now sends a guest to sign in, then opens the direct checkout, which pays for that product only', async ({ page, baseURL }) => {
  const products = await catalog(page.request)
  const product = products.find((candidate) => candidate.metadata.product_type === 'digital_download')!
  await open(page, `/products/${product.id}`)
  await page.getByRole('button', { name: 'Buy Now' }).click()
  await expect(page).toHaveURL(/\/login$/)

  await signedInProducer(page, baseURL!)
  await open(page, `/products/${product.id}`, true)
  await page.getByRole('button', { name: 'Buy Now' }).click()
  await answerBuyNowCountry(page, { country: 'GB', postalCode: 'NW8 9AY' })
  await expect(page).toHaveURL(/\/checkout\/direct$/)
  const summary = page.getByRole('complementary', { name: 'Order Summary' })
  await expect(summary).toContainText(product.name)
  await expect(page.getByRole('link', { name: '← Return to product' })).toHaveAttribute('href', `/products/${product.id}`)

  await payWithCard(page, '4242 4242 4242 4242')
  await expectPaid(page)

  const paid = (await (await page.request.get('/api/orders?status=COMPLETED')).json()) as { data: Array<{ items: Array<{ productId: string }> }> }
  expect(paid.data.map((order) => order.items.map((item) => item.productId))).toEqual([[product.id]])
  // The digital product is now owned: the page offers its download instead of Buy Now.
  await open(page, `/products/${product.id}`, true)
  await expect(page.getByRole('link', { name: /Owned - Download/ })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeHidden()

  // Reloading /checkout/direct without its state goes home.
  await page.goto('/checkout/direct')
  await expect(page).toHaveURL(/\/$/)
})

test('a declined card shows the error and completes no order', async ({ page }) => {
  const products = await catalog(page.request)
  await addToCart(page, products[2]!)
  await open(page, '/checkout')
  await fillInformation(page, { first: 'Alan', last: 'Turing' }, `declined-${Date.now()}@example.com`)
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await page.getByRole('button', { name: /^Continue to Payment - / }).click()
  await expect(page).toHaveURL(/\/pay\/cs_/)
  const sessionId = new URL(page.url()).pathname.split('/').pop()!

  await payWithCard(page, '4000 0000 0000 0002')
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.')
  await expect(page).toHaveURL(/\/pay\/cs_/)

  const lookup = await page.request.get(`/api/orders/by-session/${sessionId}`)
  expect(lookup.ok()).toBe(true)
  expect(((await lookup.json()) as { data: SessionOrder }).data.status).not.toBe('COMPLETED')

  // The success page of that session does not claim a payment.
  await page.goto(`/payment/success?session_id=${sessionId}`)
  await expect(page.getByRole('heading', { name: 'Processing your payment' })).toBeVisible()
  await page.waitForTimeout(2_500)
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeHidden()
})

test('cancelling on the payment page leads to /payment/cancel and keeps the cart', async ({ page }) => {
  const products = await catalog(page.request)
  await addToCart(page, products[3]!)
  await open(page, '/checkout')
  await fillInformation(page, { first: 'Hedy', last: 'Lamarr' }, `cancel-${Date.now()}@example.com`)
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await page.getByRole('button', { name: /^Continue to Payment - / }).click()
  await expect(page).toHaveURL(/\/pay\/cs_/)

  await page.getByRole('link', { name: '← Back' }).click()
  await expect(page).toHaveURL(/\/payment\/cancel$/)
  await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible()
  await expect(page.getByText('no charge was made')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/checkout')
  await expect(page.getByRole('button', { name: 'Cart 1 item' })).toBeVisible()

  await page.getByRole('link', { name: 'View Cart' }).click()
  await expect(page.getByText('1 item(s) in cart')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Cart items' })).toContainText(products[3]!.name)
})
