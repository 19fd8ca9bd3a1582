import { createHash } from 'node:crypto'
import { createReadStream, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from './support/test.ts'
import lena from 'audio-lena'
import sharp from 'sharp'
import { E2E_OWNER_EMAIL } from '../playwright.config.ts'
import { createConfirmedAccount, signIn, signInAsOwner } from './support/accounts.ts'
import { buyNowWithTestCard } from './support/purchases.ts'

// The owner sells a pack of their own from the browser: a 20 MB file, a cover and an MP3
// preview uploaded with the product form → the store lists it with its waveform → a producer
// buys it and downloads exactly the bytes uploaded → the owner finds the order with the buyer's
// email and the download in its log, refunds the item → the buyer's hub shows it revoked.

const PASSWORD = 'correct horse battery'
// Named for this run: a retry uploads it again, and two packs of one name would be two headings.
const PACK = `Night Shift Modular Stems ${Date.now().toString(36).slice(-4).toUpperCase()}`

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

test('the owner uploads a pack a producer buys and downloads intact; refunded from the console, the buyer loses access', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000)
  const work = mkdtempSync(join(tmpdir(), 'als-owner-'))
  const packPath = join(work, 'night-shift-stems.zip')
  const pack = Buffer.alloc(20 * 1024 * 1024 + 4320)
  for (let offset = 0; offset + 4 <= pack.length; offset += 4) pack.writeUInt32LE((offset * 2654435761) >>> 0, offset)
  writeFileSync(packPath, pack)
  const coverPath = join(work, 'cover.png')
  await sharp({ create: { width: 1200, height: 1200, channels: 3, background: { r: 30, g: 160, b: 140 } } })
    .png()
    .toFile(coverPath)
  const previewPath = fileURLToPath(lena.url('mp3'))

  // The owner fills the form, picks the three files and creates the product, active.
  await signInAsOwner(page, baseURL!, E2E_OWNER_EMAIL, PASSWORD)
  await page.goto('/admin/products/new')
  await page.getByLabel('Name', { exact: true }).fill(PACK)
  await page.getByLabel('Description').fill('Modular stems recorded after midnight: basslines, bleeps and tape-saturated drums.')
  await page.getByLabel('Price', { exact: true }).fill('24.99')
  await page.getByLabel('Category').selectOption({ label: 'Sample Packs' })
  await page.getByLabel('BPM').fill('126')
  await page.getByLabel('Genre').fill('Techno')
  await page.getByLabel('Active').check()
  await page.getByLabel('Product file').setInputFiles(packPath)
  await page.getByLabel('Cover image').setInputFiles(coverPath)
  await page.getByLabel('Audio preview').setInputFiles(previewPath)
  await expect(page.getByText('night-shift-stems.zip goes up when the product is created.')).toBeVisible()
  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f-]{36}$/, { timeout: 60_000 })
  const productId = page.url().split('/').pop()!
  await expect(page.getByText('night-shift-stems.zip', { exact: true })).toBeVisible()
  await expect(page.getByText('20.0 MB')).toBeVisible()
  const uploadedSha = await sha256Of(packPath)
  await expect(page.getByText(`sha256 ${uploadedSha.slice(0, 16)}…`)).toBeVisible()
  await expect(page.getByLabel('Active')).toBeChecked()
  await expect(page.getByRole('img', { name: 'Current cover' })).toBeVisible()

  // The store lists it, and its page draws the preview's waveform.
  await page.goto('/products?category=sample-packs')
  await expect(page.getByRole('heading', { name: PACK })).toBeVisible()
  await page.goto(`/products/${productId}`)
  // Clicking before the page is hydrated would reach only the server's HTML.
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('heading', { level: 1, name: PACK })).toBeVisible()
  await page.getByRole('tab', { name: 'Audio Demos' }).click()
  await expect(page.getByRole('tabpanel', { name: 'Audio Demos' }).getByRole('slider', { name: `Waveform of ${PACK} preview` })).toBeVisible()

  // A producer buys it and downloads exactly the bytes the owner uploaded.
  const buyerContext = await browser.newContext({ baseURL: baseURL!, acceptDownloads: true })
  const buyer = await buyerContext.newPage()
  const buyerEmail = await createConfirmedAccount(buyer, baseURL!, PASSWORD)
  await buyer.goto('/login')
  await signIn(buyer, buyerEmail, PASSWORD)
  await expect(buyer).toHaveURL(/\/profile$/)
  const { orderNumber } = await buyNowWithTestCard(buyer, { id: productId, name: PACK, imageUrl: null, fileSize: pack.length, downloadLimit: 3, metadata: {} })
  await buyer.goto('/download-hub')
  const item = buyer.getByRole('article', { name: PACK })
  const downloadStarted = buyer.waitForEvent('download')
  await item.getByRole('button', { name: 'Download' }).click()
  const download = await downloadStarted
  const downloadedPath = join(work, 'downloaded.zip')
  await download.saveAs(downloadedPath)
  expect(await sha256Of(downloadedPath)).toBe(uploadedSha)

  // The owner finds the order by the buyer's email, with the download in its log, and refunds the item.
  await page.goto('/admin/orders')
  await page.getByLabel('Buyer email').fill(buyerEmail)
  await page.getByRole('link', { name: orderNumber }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible()
  await expect(page.getByText(buyerEmail)).toBeVisible()
  const log = page.getByRole('region', { name: 'Download log' })
  await expect(log.getByRole('row')).toHaveCount(2)
  await expect(log.getByRole('cell', { name: PACK })).toBeVisible()
  await expect(log.getByRole('cell', { name: /Chrom/ })).toBeVisible()
  const line = page.getByRole('row', { name: PACK })
  await expect(line.getByText('2 of 3')).toBeVisible()
  await line.getByRole('button', { name: 'Refund item' }).click()
  // The item's refund is what it was paid: its price and its 8 % tax.
  await line.getByRole('button', { name: 'Confirm refund of $26.99' }).click()
  await expect(line.getByText('Refunded')).toBeVisible()
  await expect(page.getByText('REFUNDED', { exact: true })).toBeVisible()
  await expect(page.getByRole('region', { name: 'History' }).getByText(`${E2E_OWNER_EMAIL} · refunded`)).toBeVisible()

  // The buyer's hub shows the pack revoked, with no Download button.
  await buyer.goto('/download-hub')
  const revoked = buyer.getByRole('article', { name: PACK })
  await expect(revoked.getByText('No longer available', { exact: true })).toBeVisible()
  await expect(revoked.getByText(/^Refunded on .*: downloads are no longer available$/)).toBeVisible()
  await expect(revoked.getByRole('button', { name: 'Download' })).toHaveCount(0)
  await buyerContext.close()
  expect(readFileSync(downloadedPath).length).toBe(pack.length)
})
