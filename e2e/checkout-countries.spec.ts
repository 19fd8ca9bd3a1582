// The whole world at checkout: a guest in Germany checks out with no state to give and a
// German postal code; a guest in Canada is held at Information until a province is chosen;
// both pay with the built-in provider's test card, and the owner's order page shows each
// address as collected.
import type { Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { E2E_OWNER_EMAIL } from '../playwright.config.ts'
import { signInAsOwner, uniqueEmail } from './support/accounts.ts'
import { smallDigitalProduct, type ApiProduct } from './support/purchases.ts'

interface Buyer {
  email: string
  first: string
  last: string
  address: string
  city: string
}

/** Puts one product in this browser's cart and opens /checkout once the page's code has arrived. */
async function openCheckoutWith(page: Page, product: ApiProduct) {
  await page.goto(`/products/${product.id}`)
  await page.waitForLoadState('networkidle')
  await page.getByRole('button', { name: 'Add to Cart' }).first().click()
  await expect(page.getByRole('dialog', { name: /^Shopping Cart/ })).toBeVisible()
  await page.goto('/checkout')
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
}

async function fillContact(page: Page, buyer: Buyer) {
  await page.getByLabel('Email', { exact: true }).fill(buyer.email)
  await page.getByLabel('First name').fill(buyer.first)
  await page.getByLabel('Last name').fill(buyer.last)
  await page.getByLabel('Address', { exact: true }).fill(buyer.address)
  await page.getByLabel('City').fill(buyer.city)
}

/** From the Payment step: the provider's page, the 4242 card, the success page; answers the order's id. */
async function payWithTestCard(page: Page): Promise<string> {
  await page.getByRole('button', { name: /^Continue to Payment - / }).click()
  await expect(page).toHaveURL(/\/pay\/cs_/)
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByLabel('Expiration date (MM / YY)').fill('12 / 34')
  await page.getByLabel('CVC').fill('123')
  await page.getByLabel('Name on card').fill('Test Producer')
  await page.getByRole('button', { name: /^Pay \$/ }).click()
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible({ timeout: 20_000 })
  const sessionId = new URL(page.url()).searchParams.get('session_id')!
  const lookup = await page.request.get(`/api/orders/by-session/${sessionId}`)
  return ((await lookup.json()) as { data: { orderId: string } }).data.orderId
}

test('a guest checks out from Germany without a state and from Canada with a province; the owner sees both addresses', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const product = await smallDigitalProduct((await browser.newContext({ baseURL: baseURL! })).request)

  // Germany: no state to give, a German postal code.
  const berlin = await (await browser.newContext({ baseURL: baseURL! })).newPage()
  await openCheckoutWith(berlin, product)
  await fillContact(berlin, { email: uniqueEmail('berlin'), first: 'Clara', last: 'Schumann', address: 'Torstraße 1', city: 'Berlin' })
  await berlin.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Germany' })
  await expect(berlin.getByRole('combobox', { name: /State|Province/ })).toHaveCount(0)
  await berlin.getByRole('textbox', { name: 'Postal code' }).fill('1011')
  await berlin.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(berlin.getByText('Enter a valid postal code for Germany, for example 10115')).toBeVisible()
  await berlin.getByRole('textbox', { name: 'Postal code' }).fill('10115')
  await berlin.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(berlin.getByRole('list', { name: 'Checkout steps' }).getByRole('listitem').first()).toContainText('Information (completed)')
  const germanOrder = await payWithTestCard(berlin)

  // Canada: the province is required, and said so under its field.
  const toronto = await (await browser.newContext({ baseURL: baseURL! })).newPage()
  await openCheckoutWith(toronto, product)
  await fillContact(toronto, { email: uniqueEmail('toronto'), first: 'Glenn', last: 'Gould', address: '1 Front St W', city: 'Toronto' })
  await toronto.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Canada' })
  await toronto.getByRole('textbox', { name: 'Postal code' }).fill('M5J 2X5')
  await toronto.getByRole('button', { name: 'Continue', exact: true }).click()
  const province = toronto.getByRole('combobox', { name: 'Province' })
  await expect(province).toHaveAccessibleDescription('Choose a province')
  await expect(province).toBeFocused()
  await province.selectOption({ label: 'Ontario' })
  await expect(toronto.getByText('Choose a province')).toBeHidden()
  await toronto.getByRole('button', { name: 'Continue', exact: true }).click()
  const canadianOrder = await payWithTestCard(toronto)

  // The owner opens each order and reads the address that was collected.
  const owner = await (await browser.newContext({ baseURL: baseURL! })).newPage()
  await signInAsOwner(owner, baseURL!, E2E_OWNER_EMAIL, 'correct horse battery')
  await owner.goto(`/admin/orders/${germanOrder}`)
  const germanAddress = owner.getByRole('region', { name: 'Billing address' })
  await expect(germanAddress).toContainText('Clara Schumann')
  await expect(germanAddress).toContainText('Torstraße 1')
  await expect(germanAddress).toContainText('Berlin 10115')
  await expect(germanAddress).toContainText('Germany')

  await owner.goto(`/admin/orders/${canadianOrder}`)
  const canadianAddress = owner.getByRole('region', { name: 'Billing address' })
  await expect(canadianAddress).toContainText('Glenn Gould')
  await expect(canadianAddress).toContainText('Toronto, Ontario (ON) M5J 2X5')
  await expect(canadianAddress).toContainText('Canada')
})
