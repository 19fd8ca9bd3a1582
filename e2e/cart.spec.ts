import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { createConfirmedAccount, signIn } from './support/accounts.ts'
import { soldAtItsPrice } from './support/purchases.ts'

interface ApiProduct {
  id: string
  name: string
  priceCents: number
  priceModel: 'fixed' | 'pwyw'
  isBundle: boolean
  metadata: Record<string, unknown>
}

/** Active products with no digital lock and no purchase limit: their quantities can grow. */
async function plainProducts(request: APIRequestContext): Promise<ApiProduct[]> {
  const response = await request.get('/api/products?limit=100')
  const body = (await response.json()) as { data: ApiProduct[] }
  return body.data.filter((product) => soldAtItsPrice(product) && !product.metadata.product_type && !product.metadata.purchase_limit)
}

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

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
/** The amount beside a label of the figures list ("Total" is not "Subtotal"). */
const figure = (scope: Locator, label: string) =>
  scope
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}`) })
    .locator('xpath=following-sibling::dd[1]')

async function addFromProductPage(page: Page, product: ApiProduct, quantity: number, signedIn = false) {
  await open(page, `/products/${product.id}`, signedIn)
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
  for (let i = 1; i < quantity; i++) await page.getByRole('button', { name: 'Increase quantity', exact: true }).click()
  await page.getByRole('button', { name: 'Add to Cart' }).first().click()
  await expect(drawerOf(page)).toBeVisible()
}

test('a guest fills the cart from a card and a product page, uses promo codes, reloads, and /cart shows the same figures', async ({ page }) => {
  const [pagePick] = await plainProducts(page.request)
  expect(pagePick).toBeDefined()

  // From a card on the listing.
  await open(page, '/products?category=sample-packs')
  const card = page.locator('article').first()
  const cardName = (await card.getByRole('heading').textContent())!.trim()
  const cardPrice = (await page.request.get('/api/products?category=sample-packs&limit=100').then((r) => r.json())) as { data: ApiProduct[] }
  const cardProduct = cardPrice.data.find((product) => product.name === cardName)!
  await card.getByRole('button', { name: 'Add to Cart' }).click()
  const drawer = drawerOf(page)
  await expect(drawer).toHaveAccessibleName('Shopping Cart (1)')
  await expect(drawer.getByRole('listitem').filter({ hasText: cardName })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()

  // From a product page, two of them.
  await addFromProductPage(page, pagePick!, 2)
  await expect(drawer).toHaveAccessibleName('Shopping Cart (3)')
  await expect(page.getByRole('button', { name: 'Cart 3 items' })).toBeVisible()
  const subtotal = cardProduct.priceCents + 2 * pagePick!.priceCents
  await expect(figure(drawer, 'Subtotal')).toHaveText(dollars(subtotal))

  // WELCOME10, typed in lower case and applied with Enter.
  const promo = drawer.getByLabel('Promo code')
  await expect(drawer.getByRole('button', { name: 'Apply' })).toBeDisabled()
  await promo.fill('welcome10')
  await promo.press('Enter')
  await expect(drawer.getByText('WELCOME10', { exact: true })).toBeVisible()
  await expect(drawer.getByText('10% off')).toBeVisible()
  const discount = Math.round(subtotal * 0.1)
  const tax = Math.round((subtotal - discount) * 0.08)
  await expect(figure(drawer, 'Discount')).toHaveText(`−${dollars(discount)}`)
  await expect(figure(drawer, 'Estimated tax')).toHaveText(dollars(tax))
  await expect(figure(drawer, 'Total')).toHaveText(dollars(subtotal - discount + tax))

  await drawer.getByRole('button', { name: 'Remove promo code WELCOME10' }).click()
  await expect(drawer.getByText('10% off')).toBeHidden()
  await expect(figure(drawer, 'Total')).toHaveText(dollars(subtotal + Math.round(subtotal * 0.08)))

  await promo.fill('NOT-A-CODE')
  await drawer.getByRole('button', { name: 'Apply' }).click()
  await expect(drawer.getByRole('alert')).toHaveText('Invalid promo code')

  await promo.fill('Save20')
  await drawer.getByRole('button', { name: 'Apply' }).click()
  await expect(drawer.getByText('20% off')).toBeVisible()
  const drawerFigures = {
    subtotal: await figure(drawer, 'Subtotal').textContent(),
    discount: await figure(drawer, 'Discount').textContent(),
    tax: await figure(drawer, 'Estimated tax').textContent(),
    total: await figure(drawer, 'Total').textContent(),
  }

  // A reload keeps the cart and its promo.
  await page.reload()
  await expect(page.getByRole('button', { name: 'Cart 3 items' })).toBeVisible()
  await page.getByRole('button', { name: 'Cart 3 items' }).click()
  await expect(drawer.getByRole('listitem')).toHaveCount(2)
  await expect(drawer.getByText('SAVE20', { exact: true })).toBeVisible()

  // The cart page shows the same figures, from the same pricing function.
  await drawer.getByRole('link', { name: 'View Cart Details' }).click()
  await expect(page).toHaveURL(/\/cart$/)
  await expect(drawer).toBeHidden()
  await expect(page.getByText('3 item(s) in cart')).toBeVisible()
  const summary = page.getByRole('complementary', { name: 'Order Summary' })
  await expect(figure(summary, 'Subtotal')).toHaveText(drawerFigures.subtotal!)
  await expect(figure(summary, 'Discount')).toHaveText(drawerFigures.discount!)
  await expect(summary.locator('dt', { hasText: 'Discount' })).toContainText('SAVE20')
  await expect(figure(summary, 'Estimated tax')).toHaveText(drawerFigures.tax!)
  await expect(figure(summary, 'Estimated total')).toHaveText(drawerFigures.total!)
  await expect(summary).toContainText('SSL secure checkout')
  await expect(summary).toContainText('30-day money-back guarantee')
  await expect(page.getByRole('heading', { name: 'Complete Your Setup' })).toBeVisible()

  // Clear cart empties it, drops the promo and shows the empty page.
  await page.getByRole('button', { name: 'Clear cart' }).click()
  await expect(page.getByText('Cart cleared')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'You Might Also Like' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'You Might Also Like' }).getByRole('article')).toHaveCount(3)
  expect(await page.evaluate(() => localStorage.getItem('als_cart'))).toBeNull()
})

test('signing in merges the guest cart into the server cart, and another browser signed in as the same user sees it', async ({ page, browser, baseURL }) => {
  // Two browsers, three sign-ins and a dozen page loads: about a minute on a slow 2-core machine, where 60 s ran out at the last step.
  test.slow()
  const password = 'cart-merge-secret'
  const email = await createConfirmedAccount(page, baseURL!, password)
  const [shared, guestOnly] = await plainProducts(page.request)

  // On another device the producer already has one of `shared` in the server cart.
  const other = await browser.newContext({ baseURL })
  const otherPage = await other.newPage()
  await open(otherPage, '/login')
  await signIn(otherPage, email, password)
  await expect(otherPage).toHaveURL(/\/profile$/)
  await addFromProductPage(otherPage, shared!, 1, true)
  await expect(drawerOf(otherPage)).toHaveAccessibleName('Shopping Cart (1)')

  // Here, signed out, a guest cart: one more `shared` and two `guestOnly`.
  await addFromProductPage(page, shared!, 1)
  await addFromProductPage(page, guestOnly!, 2)
  await expect(page.getByRole('button', { name: 'Cart 3 items' })).toBeVisible()

  await open(page, '/login')
  await signIn(page, email, password)
  await expect(page).toHaveURL(/\/profile$/)
  // Merged: shared 1 + 1, guestOnly 2; the local copy is gone.
  await expect(page.getByRole('button', { name: 'Cart 4 items' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('als_cart'))).toBeNull()
  await open(page, '/cart', true)
  await expect(page.getByText('4 item(s) in cart')).toBeVisible()
  const lines = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem')
  await expect(lines.filter({ hasText: shared!.name }).getByRole('group')).toContainText('2')
  await expect(lines.filter({ hasText: guestOnly!.name }).getByRole('group')).toContainText('2')

  // The other browser sees the same server cart.
  await open(otherPage, '/cart', true)
  await expect(otherPage.getByText('4 item(s) in cart')).toBeVisible()

  // A change here is written through: the other browser sees it after a reload.
  await lines
    .filter({ hasText: guestOnly!.name })
    .getByRole('button', { name: `Decrease quantity of ${guestOnly!.name}` })
    .click()
  await expect(page.getByText('3 item(s) in cart')).toBeVisible()
  await expect
    .poll(async () => {
      await open(otherPage, '/cart', true)
      return otherPage.getByText(/\d+ item\(s\) in cart/).textContent()
    })
    .toBe('3 item(s) in cart')

  // Signing out leaves this browser's cart empty and the server cart intact.
  await open(page, '/profile', true)
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click()
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cart 0 items' })).toBeVisible()
  await open(otherPage, '/cart', true)
  await expect(otherPage.getByText('3 item(s) in cart')).toBeVisible()

  // Signing in again loads it, without doubling anything.
  await open(page, '/login')
  await signIn(page, email, password)
  await expect(page.getByRole('button', { name: 'Cart 3 items' })).toBeVisible()
  await other.close()
})
