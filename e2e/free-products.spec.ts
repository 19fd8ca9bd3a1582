import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { E2E_OWNER_EMAIL } from '../playwright.config.ts'
import { linkIn, newestMail, signInAsOwner, uniqueEmail } from './support/accounts.ts'
import { createOwnerProduct } from './support/owner-products.ts'

// A guest gets a free pack by email: the owner gives a pack away (price 0) → a visitor's product
// page says "Free" and offers "Get it free" instead of the cart → the visitor gives an email (the
// news box left unticked) → the confirmation email's link opens the order's private page, where
// the download works and counts down → the link opened again shows the same order → the owner's
// console lists the request as confirmed, without news.

const PASSWORD = 'correct horse battery'
// Named for this run: a retry makes it again, and two products of one name would be two headings.
const PACK = `Free Tape Hiss ${Date.now().toString(36).slice(-5).toUpperCase()}`

/** The free pack as the console makes it: hidden at price 0, its file uploaded, then active. */
function createFreePack(request: APIRequestContext, baseURL: string): Promise<string> {
  const fields = { name: PACK, price: '0', tags: 'texture', description: 'Tape hiss and vinyl crackle to lay under anything, given away.' }
  return createOwnerProduct(request, baseURL, fields, { name: 'free-tape-hiss.zip', bytes: Buffer.from('tape hiss for free\n'.repeat(300)) })
}

test('a guest gets a free pack by email: the emailed link opens the order, the download works and counts down, and the link opened again shows the same order', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const ownerContext = await browser.newContext({ baseURL: baseURL! })
  const owner = await ownerContext.newPage()
  await signInAsOwner(owner, baseURL!, E2E_OWNER_EMAIL, PASSWORD)
  const productId = await createFreePack(owner.request, baseURL!)
  const email = uniqueEmail('free-pack')

  // Its card in the store says Free, with "Get it free" where Add to Cart would be.
  await page.goto(`/products?q=${encodeURIComponent(PACK)}`)
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: PACK }) })
  await expect(card).toContainText('Free')
  await expect(card.getByRole('button', { name: 'Get it free' })).toBeVisible()
  await expect(card.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0)

  // The product page says Free, and offers the pack for an email instead of the cart.
  await page.goto(`/products/${productId}`)
  await expect(page.getByRole('heading', { level: 1, name: PACK })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Price and preview' })).toContainText('Free')
  const getItFree = page.getByRole('button', { name: 'Get it free' })
  // The purchase panel (not the related products' cards): no quantity, cart or Buy Now for a free pack.
  const panel = getItFree.locator('xpath=../..')
  await expect(panel.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0)
  await expect(panel.getByRole('button', { name: /Buy Now/ })).toHaveCount(0)
  await getItFree.click()

  const dialog = page.getByRole('dialog', { name: `Get ${PACK} free` })
  await expect(dialog.getByText(`We'll email you the download link for ${PACK}.`)).toBeVisible()
  const news = dialog.getByRole('checkbox', { name: 'Also send me news and new releases' })
  await expect(news).not.toBeChecked()
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email)
  await dialog.getByRole('button', { name: 'Email me the link' }).click()
  await expect(dialog.getByRole('status')).toHaveText(`Check your inbox: the download link is on its way to ${email}.`)
  await dialog.getByRole('button', { name: 'Close' }).click()

  // The email's link opens the order's private page: the pack with its downloads, which work and count down.
  const confirmation = await newestMail(page.request, email, new RegExp(`^Your free download: ${PACK}$`))
  const link = linkIn(confirmation.text, '/free/')
  await page.goto(link)
  await expect(page).toHaveURL(/\/orders\/access\/[\w-]{65}$/)
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toHaveText(/^Order #\w+$/)
  const orderHeading = await heading.textContent()
  await expect(page.getByText('Total $0.00')).toBeVisible()
  const item = page.getByRole('article', { name: PACK })
  await expect(item.getByText(/Downloads remaining:/)).toHaveText('Downloads remaining: 3 of 3')
  const downloadStarted = page.waitForEvent('download')
  await item.getByRole('button', { name: 'Download' }).click()
  const download = await downloadStarted
  expect(await download.failure()).toBeNull()
  await expect(item.getByText(/Downloads remaining:/)).toHaveText('Downloads remaining: 2 of 3')

  // The same link again: the same order, its count kept.
  await page.goto(link)
  await expect(page).toHaveURL(/\/orders\/access\/[\w-]{65}$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(orderHeading!)
  await expect(page.getByRole('article', { name: PACK }).getByText(/Downloads remaining:/)).toHaveText('Downloads remaining: 2 of 3')

  // The owner's console lists the request, confirmed, without news.
  await owner.goto('/admin/subscribers')
  await owner.getByLabel('Search by email').fill(email)
  const requests = owner.getByRole('table', { name: 'Free product requests' })
  const row = requests.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) })
  await expect(row).toContainText(PACK)
  await expect(row.getByRole('cell').nth(4)).toHaveText('No')
  await expect(row.getByRole('cell').nth(3)).not.toHaveText('Not yet')
  await ownerContext.close()
})
