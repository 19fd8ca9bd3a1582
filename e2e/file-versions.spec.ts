import AxeBuilder from '@axe-core/playwright'
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { E2E_OWNER_EMAIL } from '../playwright.config.ts'
import { createConfirmedAccount, newestMail, signIn, signInAsOwner, type MailboxMessage } from './support/accounts.ts'
import { buyNowWithTestCard } from './support/purchases.ts'

// A sold product's file is versioned: the owner uploads version 2 with a changelog and it waits
// as a draft (buyers still get version 1), then publishes it with an "update available" email to
// its one buyer, who reads the changelog in the hub and downloads exactly the new bytes; the
// owner restores version 1 and the buyer downloads version 1's bytes again.

const PASSWORD = 'correct horse battery'
const PACK = 'Tape Loop Chord Kit'
const CHANGELOG = 'Adds 12 one-shots and fixes a clipped loop'

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** A file of `size` bytes no other version has: each seed fills it differently. */
function packBytes(size: number, seed: number): Buffer {
  const bytes = Buffer.alloc(size)
  for (let offset = 0; offset + 4 <= size; offset += 4) bytes.writeUInt32LE(((offset + seed) * 2654435761) >>> 0, offset)
  return bytes
}

/** Downloads the pack from the buyer's hub and answers the saved file's bytes. */
async function downloadFromHub(buyer: Page): Promise<Buffer> {
  const item = buyer.getByRole('article', { name: PACK })
  const downloadStarted = buyer.waitForEvent('download')
  await item.getByRole('button', { name: 'Download' }).click()
  const download = await downloadStarted
  expect(await download.failure()).toBeNull()
  return readFileSync(await download.path())
}

test('the owner publishes version 2 of a sold pack to its buyer with an email, then restores version 1; the buyer downloads each one exactly', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const work = mkdtempSync(join(tmpdir(), 'als-versions-'))
  const first = packBytes(300 * 1024 + 12, 1)
  const second = packBytes(420 * 1024 + 8, 2)
  const firstPath = join(work, 'tape-loop-chords-v1.zip')
  const secondPath = join(work, 'tape-loop-chords-v2.zip')
  writeFileSync(firstPath, first)
  writeFileSync(secondPath, second)

  // The owner sells a new pack: its first file goes live at once, as version 1.
  await signInAsOwner(page, baseURL!, E2E_OWNER_EMAIL, PASSWORD)
  await page.goto('/admin/products/new')
  await page.getByLabel('Name', { exact: true }).fill(PACK)
  await page.getByLabel('Description').fill('Chords bounced to a worn cassette deck, in loops and one-shots.')
  await page.getByLabel('Price', { exact: true }).fill('12.00')
  await page.getByLabel('Category').selectOption({ label: 'Sample Packs' })
  await page.getByLabel('Download limit').fill('5')
  await page.getByLabel('Active').check()
  await page.getByLabel('Product file').setInputFiles(firstPath)
  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f-]{36}$/, { timeout: 60_000 })
  const productId = page.url().split('/').pop()!
  const versions = page.getByRole('region', { name: 'File versions' })
  const versionOne = versions.getByRole('listitem', { name: 'Version 1' })
  await expect(versionOne.getByText('Live', { exact: true })).toBeVisible()
  await expect(versionOne.getByText('tape-loop-chords-v1.zip', { exact: true })).toBeVisible()
  await expect(versionOne.getByText(`sha256 ${sha256(first).slice(0, 16)}…`)).toBeVisible()
  await expect(versionOne.getByText(`Uploaded by ${E2E_OWNER_EMAIL} on`)).toBeVisible()

  // A producer buys it; the hub says version 1.
  const buyerContext = await browser.newContext({ baseURL: baseURL!, acceptDownloads: true })
  const buyer = await buyerContext.newPage()
  const buyerEmail = await createConfirmedAccount(buyer, baseURL!, PASSWORD)
  await buyer.goto('/login')
  await signIn(buyer, buyerEmail, PASSWORD)
  await expect(buyer).toHaveURL(/\/profile$/)
  await buyNowWithTestCard(buyer, { id: productId, name: PACK, imageUrl: null, fileSize: first.length, downloadLimit: 5, metadata: {} })
  await buyer.goto('/download-hub')
  await expect(buyer.getByRole('article', { name: PACK }).getByText('Version 1', { exact: true })).toBeVisible()

  // The owner uploads version 2 with its changelog: a draft, and the buyer still downloads version 1.
  await page.reload()
  await page.getByLabel('Changelog (shown to buyers)').fill(CHANGELOG)
  await page.getByLabel('Product file').setInputFiles(secondPath)
  const versionTwo = versions.getByRole('listitem', { name: 'Version 2' })
  await expect(versionTwo.getByText('Draft', { exact: true })).toBeVisible({ timeout: 30_000 })
  await expect(versionTwo.getByText(CHANGELOG)).toBeVisible()
  await expect(versionTwo.getByText(`sha256 ${sha256(second).slice(0, 16)}…`)).toBeVisible()
  await expect(versionOne.getByText('Live', { exact: true })).toBeVisible()
  await expect(page.getByLabel('Changelog (shown to buyers)')).toHaveValue('')
  await buyer.reload()
  expect(sha256(await downloadFromHub(buyer))).toBe(sha256(first))

  // Published with "Email buyers" checked: the confirmation (no WCAG 2.1 A/AA violation) names its one buyer.
  await versionTwo.getByRole('button', { name: 'Publish version 2' }).click()
  const dialog = page.getByRole('dialog', { name: 'Publish version 2?' })
  await expect(dialog.getByText('1 buyer will download version 2 from now on.')).toBeVisible()
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(axe.violations.map((violation) => violation.id)).toEqual([])
  await dialog.getByLabel('Email buyers that an update is available').check()
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByText('Version 2 is live. 1 email queued.')).toBeVisible()
  await expect(dialog).toHaveCount(0)
  await expect(versionTwo.getByText('Live', { exact: true })).toBeVisible()
  await expect(versionOne.getByText('Earlier', { exact: true })).toBeVisible()

  // The buyer is told, reads the changelog in the hub and downloads exactly version 2's bytes.
  const mail = await newestMail(buyer.request, buyerEmail, /^Update available: /)
  expect(mail.subject).toBe(`Update available: ${PACK} version 2`)
  expect(mail.text).toContain(CHANGELOG)
  await buyer.goto('/download-hub')
  const item = buyer.getByRole('article', { name: PACK })
  await expect(item.getByText('Version 2', { exact: true })).toBeVisible()
  await expect(item.getByText(CHANGELOG)).toBeVisible()
  const secondDownload = await downloadFromHub(buyer)
  expect(secondDownload.length).toBe(second.length)
  expect(sha256(secondDownload)).toBe(sha256(second))

  // The owner restores version 1, without an email; the buyer downloads version 1's bytes again.
  await versionOne.getByRole('button', { name: 'Restore version 1' }).click()
  const restore = page.getByRole('dialog', { name: 'Restore version 1?' })
  await expect(restore.getByText('1 buyer will download version 1 from now on.')).toBeVisible()
  await restore.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByText('Version 1 is live again.')).toBeVisible()
  await expect(versionOne.getByText('Live', { exact: true })).toBeVisible()
  await expect(versionTwo.getByText('Earlier', { exact: true })).toBeVisible()
  const mailbox = (await (await buyer.request.get('/api/dev/mailbox')).json()) as { data: MailboxMessage[] }
  expect(mailbox.data.filter((message) => message.to.includes(buyerEmail) && message.subject.startsWith('Update available')).length).toBe(1)
  await buyer.reload()
  await expect(buyer.getByRole('article', { name: PACK }).getByText('Version 1', { exact: true })).toBeVisible()
  const restoredDownload = await downloadFromHub(buyer)
  expect(sha256(restoredDownload)).toBe(sha256(first))
  await expect(buyer.getByRole('article', { name: PACK }).getByText(/Downloads remaining:/)).toHaveText('Downloads remaining: 2 of 5')
  await buyerContext.close()
})
