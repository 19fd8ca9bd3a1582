import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from './support/test.ts'
import { createConfirmedAccount, signIn } from './support/accounts.ts'
import { buyNowWithTestCard, smallDigitalProduct, type ApiProduct } from './support/purchases.ts'

// Buy a product with the built-in payment provider, download it from the hub (the saved file
// has the stored file's bytes), see the count drop, and find the order in the order history.

/**
 * Where the demo generator stored the product's file: `files/products/{slug}.zip` under the data
 * directory, the slug being the one its cover images are named after (`/media/covers/{slug}-1-640.webp`).
 * The public API does not expose storage keys, and the journey does not need it to.
 */
function storedFilePath(dataDir: string, product: ApiProduct): string {
  const slug = /\/media\/covers\/(.+)-1-\d+\.webp$/.exec(product.imageUrl ?? '')?.[1]
  if (!slug) throw new Error(`No demo slug in ${product.imageUrl}`)
  return join(dataDir, 'files', 'products', `${slug}.zip`)
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

test('a producer buys a pack, downloads the exact stored file from the hub, and finds the order in the history', async ({ page, baseURL, store }) => {
  const password = 'correct horse battery'
  const email = await createConfirmedAccount(page, baseURL!, password)
  await page.goto('/login')
  await signIn(page, email, password)
  await expect(page).toHaveURL(/\/profile$/)

  // Buy Now → the built-in provider's embedded form → paid.
  const product = await smallDigitalProduct(page.request)
  const { orderNumber } = await buyNowWithTestCard(page, product)
  expect(orderNumber).toMatch(/^[0-9A-F]{8}$/)

  // The hub lists it with 3 downloads.
  await page.goto('/download-hub')
  const item = page.getByRole('article', { name: product.name })
  await expect(item.getByText(/Downloads remaining:/)).toHaveText('Downloads remaining: 3 of 3')

  // Download: the browser saves the stored file, byte for byte.
  const downloadStarted = page.waitForEvent('download')
  await item.getByRole('button', { name: 'Download' }).click()
  const download = await downloadStarted
  const savedPath = await download.path()
  expect(download.suggestedFilename()).toMatch(/\.zip$/)
  const [saved, stored] = await Promise.all([readFile(savedPath), readFile(storedFilePath(store.dataDir, product))])
  expect(saved.length).toBe(stored.length)
  expect(sha256(saved)).toBe(sha256(stored))
  await expect(page.getByText(`Download started for ${product.name}`)).toBeVisible()
  await expect(item.getByText(/Downloads remaining:/)).toHaveText('Downloads remaining: 2 of 3')
  await expect(page.getByRole('list', { name: 'Recent downloads' }).getByText(product.name)).toBeVisible()

  // Still 2 after a reload: the count is the server's, not the page's.
  await page.reload()
  await expect(page.getByRole('article', { name: product.name }).getByText(/Downloads remaining:/)).toHaveText('Downloads remaining: 2 of 3')

  // The product page now offers the download instead of buying again.
  await page.goto(`/products/${product.id}`)
  await expect(page.getByRole('link', { name: '✓ Owned - Download' })).toHaveAttribute('href', '/download-hub')
  await expect(page.getByRole('button', { name: 'Buy Now' })).toHaveCount(0)

  // Order history shows the COMPLETED order with its number.
  await page.goto('/order-history')
  const order = page.getByRole('article', { name: `Order #${orderNumber}` })
  await expect(order.getByText('COMPLETED')).toBeVisible()
  await expect(order.getByRole('link', { name: new RegExp(`^${product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })).toHaveAttribute(
    'href',
    `/products/${product.id}`,
  )

  // Its licence certificate is a PDF, and the code on it checks out publicly without showing the email.
  const certificate = order.getByRole('link', { name: 'Licence certificate (PDF)' })
  const certificateUrl = (await certificate.getAttribute('href'))!
  const pdf = await page.request.get(certificateUrl)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')
  const code = certificateUrl.split('/')[3]!
  await page.goto(`/licences/${code}`)
  await expect(page.getByRole('heading', { name: 'Valid licence' })).toBeVisible()
  await expect(page.getByText(orderNumber)).toBeVisible()
  await expect(page.getByText(product.name)).toBeVisible()
  await expect(page.getByText(email)).toHaveCount(0)
})
