import { expect, test } from './support/test.ts'
import { createConfirmedAccount, signIn } from './support/accounts.ts'
import { buyNowWithTestCard, smallDigitalProduct } from './support/purchases.ts'

// Buy a pack with the built-in payment provider, download it once from the hub, then the
// payment is refunded at the provider (its development dashboard route): once the signed
// webhook is processed the hub says why the pack can no longer be downloaded, the link
// minted before the refund sends no file, and the order history shows the order REFUNDED.

interface ApiPurchase {
  id: string
  orderId: string
  access: { state: string; reason: string | null; since: string | null }
}

/** The store's date format ("November 24, 2026"), as the hub writes it in the browser's time zone. */
const longDate = (iso: string) => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso))

test('a refunded purchase can no longer be downloaded: the hub says so, the old link sends nothing, the history shows REFUNDED', async ({ page, baseURL }) => {
  const password = 'correct horse battery'
  const email = await createConfirmedAccount(page, baseURL!, password)
  await page.goto('/login')
  await signIn(page, email, password)
  await expect(page).toHaveURL(/\/profile$/)

  // Buy Now → the built-in provider's embedded form → paid.
  const product = await smallDigitalProduct(page.request)
  const { sessionId, orderNumber } = await buyNowWithTestCard(page, product)
  expect(sessionId).toMatch(/^cs_test_/)

  // Download once from the hub; keep the signed link the grant answered.
  await page.goto('/download-hub')
  const item = page.getByRole('article', { name: product.name })
  const granted = page.waitForResponse((response) => response.url().endsWith('/api/downloads') && response.request().method() === 'POST')
  const downloadStarted = page.waitForEvent('download')
  await item.getByRole('button', { name: 'Download' }).click()
  const grant = await granted
  expect(grant.status()).toBe(200)
  const { downloadUrl } = (await grant.json()) as { downloadUrl: string }
  const download = await downloadStarted
  expect(download.suggestedFilename()).toMatch(/\.zip$/)
  expect(await download.failure()).toBeNull()
  await expect(item.getByText(/Downloads remaining:/)).toHaveText('Downloads remaining: 2 of 3')

  // Refunded at the provider (its dashboard, in development), announced by a signed webhook.
  const refund = await page.request.post(`/api/dev/payments/sessions/${sessionId}/refund`, { data: {}, headers: { Origin: baseURL! } })
  expect(refund.status()).toBe(200)
  expect(await refund.json()).toMatchObject({ status: 'succeeded' })
  let revoked: ApiPurchase | undefined
  await expect
    .poll(
      async () => {
        const purchases = (await (await page.request.get('/api/purchases')).json()) as { data: ApiPurchase[] }
        revoked = purchases.data.find((purchase) => purchase.access.state === 'revoked')
        return revoked?.access.reason ?? null
      },
      { timeout: 15_000 },
    )
    .toBe('refunded')

  // The hub says why, where the Download button was.
  await page.reload()
  const refundedItem = page.getByRole('article', { name: product.name })
  await expect(refundedItem.getByText(`Refunded on ${longDate(revoked!.access.since!)}: downloads are no longer available`)).toBeVisible()
  await expect(refundedItem.getByRole('button', { name: 'Download' })).toHaveCount(0)
  await expect(refundedItem.getByText(/Downloads remaining:/)).toHaveCount(0)

  // The link minted before the refund no longer sends the file.
  const stale = await page.request.get(downloadUrl)
  expect([403, 410]).toContain(stale.status())
  expect(stale.headers()['content-disposition']).toBeUndefined()
  expect(stale.headers()['content-type']).toMatch(/^application\/json/)
  expect((await stale.body()).length).toBeLessThan(Math.min(product.fileSize, 500))

  // The order history shows the order REFUNDED, with what went back and no download link.
  await page.goto('/order-history')
  const order = page.getByRole('article', { name: `Order #${orderNumber}` })
  await expect(order.getByText('REFUNDED', { exact: true })).toBeVisible()
  await expect(order.getByText(/^Refunded: -\$/)).toBeVisible()
  await expect(order.getByRole('link', { name: 'Download' })).toHaveCount(0)
})
