// Licence keys: the owner gives a new plugin generated keys with 2 activations each from its
// product page's Licence keys panel → a producer buys it with the test card, finds its key in
// the Download Hub and copies it → the plugin's software activates it on two machines (ok) and a
// third (limit reached) → the producer frees one in the hub → the third machine activates →
// the payment is refunded at the provider and the key validates as revoked.
import type { APIRequestContext } from '@playwright/test'
import { E2E_OWNER_EMAIL } from '../playwright.config.ts'
import type { ActivationAnswer } from '../src/shared/contract/licence-keys.ts'
import { createConfirmedAccount, signIn, signInAsOwner } from './support/accounts.ts'
import { createOwnerProduct } from './support/owner-products.ts'
import { buyNowWithTestCard } from './support/purchases.ts'
import { expect, test } from './support/test.ts'

const PASSWORD = 'correct horse battery'
// Named for this run: a retry makes it again, and two plugins of one name would be two headings.
const PLUGIN = { name: `Tape Saturator ${Date.now().toString(36).slice(-4).toUpperCase()}`, price: '29.00' }

/** What the plugin's own software would send: the activation API, public and without a session. */
async function callActivationApi(request: APIRequestContext, action: 'activate' | 'validate' | 'deactivate', key: string, instanceName: string) {
  const response = await request.post(`/api/licence-keys/${action}`, { data: { key, instanceName } })
  expect(response.status()).toBe(200)
  return ((await response.json()) as { data: ActivationAnswer }).data
}

/** Screenshots for a reviewer's eyes, only when LICENCE_KEYS_SHOTS names a folder. */
async function shoot(page: import('@playwright/test').Page, name: string) {
  const dir = process.env.LICENCE_KEYS_SHOTS
  if (!dir) return
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 720 })
}

test('a generated key activates on two machines, refuses a third until one is freed in the hub, and is revoked by a refund', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const origin = baseURL!

  // The owner adds the plugin and gives it generated keys, 2 activations each, from its page.
  await signInAsOwner(page, origin, E2E_OWNER_EMAIL, PASSWORD)
  const productId = await createOwnerProduct(page.request, origin, PLUGIN, { name: 'tape-saturator.zip', bytes: Buffer.from('VST3 plugin\n'.repeat(2000)) })
  await page.goto(`/admin/products/${productId}`)
  const panel = page.getByRole('region', { name: 'Licence keys' })
  await panel.getByRole('radio', { name: /Generated keys/ }).check()
  await panel.getByLabel('Activations per key').fill('2')
  await panel.getByRole('button', { name: 'Save licence keys' }).click()
  await expect(page.getByText('Licence key policy saved')).toBeVisible()
  await panel.scrollIntoViewIfNeeded()
  await shoot(page, 'admin-product-licence-keys')

  // A producer buys it.
  const buyerContext = await browser.newContext({ baseURL: origin, permissions: ['clipboard-read', 'clipboard-write'] })
  const buyer = await buyerContext.newPage()
  const email = await createConfirmedAccount(buyer, origin, PASSWORD)
  await buyer.goto('/login')
  await signIn(buyer, email, PASSWORD)
  await expect(buyer).toHaveURL(/\/profile$/)
  const { sessionId } = await buyNowWithTestCard(buyer, { id: productId, name: PLUGIN.name, imageUrl: null, fileSize: 0, downloadLimit: 3, metadata: {} })

  // The hub shows its key, unused; Copy puts it on the clipboard.
  await buyer.goto('/download-hub')
  const item = buyer.getByRole('article', { name: PLUGIN.name })
  const keyBox = item.getByTestId('licence-key')
  await expect(keyBox).toHaveText(/\S{8,}/)
  const key = (await keyBox.textContent())!.trim()
  await expect(item.getByText(/^Activations:/)).toHaveText('Activations: 0 of 2')
  await item.getByRole('button', { name: 'Copy key' }).click()
  await expect(buyer.getByText('Key copied')).toBeVisible()
  expect(await buyer.evaluate(() => navigator.clipboard.readText())).toBe(key)

  // The plugin activates on two machines; a third is refused.
  const software = page.request
  expect(await callActivationApi(software, 'activate', key, 'Studio Mac')).toMatchObject({ valid: true, status: 'active', activationsUsed: 1 })
  expect(await callActivationApi(software, 'activate', key, 'Laptop')).toMatchObject({ valid: true, status: 'active', activationsUsed: 2 })
  expect(await callActivationApi(software, 'activate', key, 'Tour PC')).toMatchObject({ valid: false, status: 'limit_reached', activationsUsed: 2 })

  // The hub lists both machines; freeing the studio's lets the third one in.
  await buyer.reload()
  await expect(item.getByText(/^Activations:/)).toHaveText('Activations: 2 of 2')
  await expect(item.getByRole('list', { name: 'Activations' }).getByRole('listitem')).toHaveCount(2)
  await shoot(buyer, 'download-hub-licence-key')
  await item.getByRole('button', { name: 'Free Studio Mac' }).click()
  await expect(item.getByText(/^Activations:/)).toHaveText('Activations: 1 of 2')
  await expect(item.getByRole('list', { name: 'Activations' })).not.toContainText('Studio Mac')
  expect(await callActivationApi(software, 'validate', key, 'Studio Mac')).toMatchObject({ valid: false, status: 'not_activated' })
  expect(await callActivationApi(software, 'activate', key, 'Tour PC')).toMatchObject({ valid: true, status: 'active', activationsUsed: 2 })

  // Refunded at the provider (its dashboard, in development): the key no longer validates.
  const refund = await buyer.request.post(`/api/dev/payments/sessions/${sessionId}/refund`, { data: {}, headers: { Origin: origin } })
  expect(refund.status()).toBe(200)
  await expect.poll(async () => (await callActivationApi(software, 'validate', key, 'Laptop')).status, { timeout: 15_000 }).toBe('revoked')
  expect(await callActivationApi(software, 'validate', key, 'Tour PC')).toMatchObject({ valid: false, status: 'revoked' })

  // The hub says so.
  await buyer.reload()
  await expect(item.getByText('This key has been revoked')).toBeVisible()
  await buyerContext.close()
})
