// Buying in the journeys: the smallest demo download, and Buy Now (its country question
// answered) paid with Stripe's 4242 test card in the built-in provider's embedded form, up to
// the success page.
import { expect, type APIRequestContext, type Page } from '@playwright/test'

export interface ApiProduct {
  id: string
  name: string
  imageUrl: string | null
  // As the catalog answers them; a journey that names a product it made itself may leave them out.
  priceCents?: number
  priceModel?: 'fixed' | 'pwyw'
  isBundle?: boolean
  fileSize: number
  downloadLimit: number
  metadata: Record<string, unknown>
}

/** A product sold at its fixed price: other journeys add bundles, free and pay-what-you-want products, which are bought differently. */
export function soldAtItsPrice(product: Pick<ApiProduct, 'isBundle' | 'priceModel' | 'priceCents'>): boolean {
  return product.isBundle === false && product.priceModel === 'fixed' && (product.priceCents ?? 0) > 0
}

/** The smallest digital download with the default limit of 3, so a journey moves few bytes. */
export async function smallDigitalProduct(request: APIRequestContext): Promise<ApiProduct> {
  const response = await request.get('/api/products?limit=100')
  const body = (await response.json()) as { data: ApiProduct[] }
  // Only products with a file: the owner journey adds one that has none yet.
  const candidates = body.data.filter(
    (product) => soldAtItsPrice(product) && product.metadata.product_type === 'digital_download' && product.downloadLimit === 3 && product.fileSize > 0,
  )
  candidates.sort((a, b) => a.fileSize - b.fileSize)
  expect(candidates.length).toBeGreaterThan(0)
  return candidates[0]!
}

/**
 * Answers Buy Now's "Where are you buying from?" dialog: Germany (no state) with a Berlin postal
 * code unless told otherwise; a browser that bought before finds its last answer already chosen.
 */
export async function answerBuyNowCountry(page: Page, { country = 'DE', postalCode = '10115' }: { country?: string; postalCode?: string } = {}) {
  const dialog = page.getByRole('dialog', { name: 'Where are you buying from?' })
  await dialog.getByRole('combobox', { name: 'Country' }).selectOption(country)
  await dialog.getByRole('textbox', { name: 'Postal code' }).fill(postalCode)
  await dialog.getByRole('button', { name: 'Continue to payment' }).click()
}

/** Buy Now → its country question → the embedded card form → paid; answers the payment session and the order number the success page shows. */
export async function buyNowWithTestCard(page: Page, product: ApiProduct): Promise<{ sessionId: string; orderNumber: string }> {
  await page.goto(`/products/${product.id}`)
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
  // The server-rendered button does nothing until the page's code has taken it over.
  await page.waitForLoadState('networkidle')
  await page.getByRole('button', { name: 'Buy Now' }).click()
  await answerBuyNowCountry(page)
  await expect(page).toHaveURL(/\/checkout\/direct$/)
  const form = page.getByRole('form', { name: 'Pay with card' })
  await form.getByLabel('Card number').fill('4242 4242 4242 4242')
  await form.getByLabel('Expiration date (MM / YY)').fill('12 / 34')
  await form.getByLabel('CVC').fill('123')
  await form.getByLabel('Name on card').fill('Ada Lovelace')
  await form.getByRole('button', { name: /^Pay \$/ }).click()
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible({ timeout: 20_000 })
  const sessionId = new URL(page.url()).searchParams.get('session_id') ?? ''
  const orderNumber = (await page.locator('dt', { hasText: 'Order number' }).locator('xpath=following-sibling::dd[1]').textContent())!.trim()
  return { sessionId, orderNumber }
}
