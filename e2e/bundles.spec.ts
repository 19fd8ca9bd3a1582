// "Complete the bundle": the owner puts three new packs in a bundle from its product page's
// Bundle panel → a producer who bought one of them sees "You own 1 of 3: complete the bundle for
// $X" on the bundle's page (which lists the packs, each with its preview), pays X through the
// cart with the test card (the button's figure is what the payment page charges) → the Download
// Hub lists every pack with its own downloads.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import lena from 'audio-lena'
import { E2E_OWNER_EMAIL } from '../playwright.config.ts'
import { createConfirmedAccount, signIn, signInAsOwner } from './support/accounts.ts'
import { attachUpload, createOwnerProduct } from './support/owner-products.ts'
import { buyNowWithTestCard } from './support/purchases.ts'
import { expect, test } from './support/test.ts'

const PASSWORD = 'correct horse battery'
// Named for this run: a retry makes them again, and two packs of one name would be two headings.
const RUN = Date.now().toString(36).slice(-4).toUpperCase()
const PACKS = [
  { name: `Dust Choir Vocals ${RUN}`, price: '12.00' },
  { name: `Modular Kick Lab ${RUN}`, price: '15.00' },
  { name: `Tape Echo Chords ${RUN}`, price: '18.00' },
]
const BUNDLE = { name: `Night Session Bundle ${RUN}`, price: '40.00' }

interface Pack {
  id: string
  name: string
}

/** A product made through the owner's API, hidden; with `file`, its file goes up and it goes on sale. */
async function createProduct(page: Page, origin: string, { name, price }: { name: string; price: string }, file: Buffer | null): Promise<Pack> {
  const id = await createOwnerProduct(page.request, origin, { name, price }, file && { name: `${name}.zip`, bytes: file })
  return { id, name }
}

test('a buyer who owns one pack of a bundle pays what completes it, and finds every pack in the hub with its own downloads', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const origin = baseURL!

  // The owner adds three packs (the first with an audio preview) and a bundle product, hidden.
  await signInAsOwner(page, origin, E2E_OWNER_EMAIL, PASSWORD)
  const packs: Pack[] = []
  for (const pack of PACKS) packs.push(await createProduct(page, origin, pack, Buffer.from(`${pack.name}\n`.repeat(4000))))
  await attachUpload(page.request, origin, packs[0]!.id, 'preview', 'preview.mp3', readFileSync(fileURLToPath(lena.url('mp3'))))
  const bundle = await createProduct(page, origin, BUNDLE, null)

  // On the bundle's page, the Bundle panel: find each pack by name, add it, set the floor, save; then put it on sale.
  await page.goto(`/admin/products/${bundle.id}`)
  const panel = page.getByRole('region', { name: 'Bundle' })
  await expect(panel.getByText('This product is not a bundle.')).toBeVisible()
  for (const pack of packs) {
    await panel.getByLabel('Add products').fill(pack.name)
    await panel.getByRole('button', { name: `Add ${pack.name} to the bundle` }).click()
  }
  await panel.getByLabel('Floor (USD)').fill('20.00')
  await panel.getByRole('button', { name: 'Save bundle' }).click()
  await expect(page.getByText('Bundle saved')).toBeVisible()
  await expect(panel.getByRole('list', { name: 'Products in the bundle' }).getByRole('listitem')).toHaveCount(3)
  await page.getByLabel('Active').check()
  await page.getByRole('button', { name: 'Save product' }).click()
  await expect(page.getByText('Product saved')).toBeVisible()

  // A producer buys the first pack on its own.
  const buyerContext = await browser.newContext({ baseURL: origin })
  const buyer = await buyerContext.newPage()
  const email = await createConfirmedAccount(buyer, origin, PASSWORD)
  await buyer.goto('/login')
  await signIn(buyer, email, PASSWORD)
  await expect(buyer).toHaveURL(/\/profile$/)
  await buyNowWithTestCard(buyer, { id: packs[0]!.id, name: packs[0]!.name, imageUrl: null, fileSize: 0, downloadLimit: 3, metadata: {} })

  // The bundle's page lists its packs (the first one's preview plays) and offers the rest for $40.00 − $12.00.
  await buyer.goto(`/products/${bundle.id}`)
  await buyer.waitForLoadState('networkidle')
  await expect(buyer.getByRole('heading', { level: 1, name: BUNDLE.name })).toBeVisible()
  const held = buyer.getByRole('list', { name: /^In this bundle/ })
  await expect(held.getByRole('listitem')).toHaveCount(3)
  await expect(held.getByRole('listitem', { name: packs[0]!.name }).getByText('✓ Owned')).toBeVisible()
  await held.getByRole('button', { name: `Play preview of ${packs[0]!.name}` }).click()
  await held.getByRole('button', { name: `Pause preview of ${packs[0]!.name}` }).click()
  await expect(buyer.getByText('You own 1 of 3: complete the bundle for $28.00')).toBeVisible()

  // The cart charges that price: its subtotal, then the button's total is what the payment page asks.
  await buyer.getByRole('button', { name: 'Add to Cart' }).first().click()
  const drawer = buyer.getByRole('dialog', { name: /^Shopping Cart/ })
  const figure = (label: string) =>
    drawer
      .locator('dt')
      .filter({ hasText: new RegExp(`^${label}`) })
      .locator('xpath=following-sibling::dd[1]')
  await expect(figure('Subtotal')).toHaveText('$28.00')
  await drawer.getByRole('link', { name: 'Proceed to Checkout' }).click()
  await expect(buyer).toHaveURL(/\/checkout$/)
  await buyer.getByLabel('First name').fill('Ada')
  await buyer.getByLabel('Last name').fill('Lovelace')
  await buyer.getByLabel('Address', { exact: true }).fill('1 Abbey Road')
  await buyer.getByLabel('City').fill('London')
  await buyer.getByLabel('Country').selectOption('United Kingdom')
  await buyer.getByLabel('Postal code').fill('NW8 9AY')
  await buyer.getByRole('button', { name: 'Continue', exact: true }).click()
  const pay = buyer.getByRole('button', { name: /^Continue to Payment - / })
  const total = (await pay.textContent())!.replace('Continue to Payment - ', '').trim()
  await pay.click()
  await expect(buyer).toHaveURL(/\/pay\/cs_/)
  await expect(buyer.locator('dt', { hasText: 'Subtotal' }).locator('xpath=following-sibling::dd[1]')).toHaveText('$28.00')
  await expect(buyer.locator('dt', { hasText: 'Total due' }).locator('xpath=following-sibling::dd[1]')).toHaveText(total)
  await buyer.getByLabel('Card number').fill('4242 4242 4242 4242')
  await buyer.getByLabel('Expiration date (MM / YY)').fill('12 / 34')
  await buyer.getByLabel('CVC').fill('123')
  await buyer.getByLabel('Name on card').fill('Ada Lovelace')
  await buyer.getByRole('button', { name: /^Pay \$/ }).click()
  await expect(buyer.getByRole('heading', { name: 'Payment Successful' })).toBeVisible({ timeout: 20_000 })

  // Every pack is in the hub, each with its own downloads; the bundle itself has nothing to download.
  await buyer.goto('/download-hub')
  for (const pack of packs) {
    await expect(buyer.getByRole('article', { name: pack.name }).getByText(/Downloads remaining:/)).toHaveText('Downloads remaining: 3 of 3')
  }
  await expect(buyer.getByRole('article', { name: BUNDLE.name })).toHaveCount(0)

  // The bundle's page now says it is owned.
  await buyer.goto(`/products/${bundle.id}`)
  await expect(buyer.getByRole('link', { name: '✓ Owned - Download' })).toBeVisible()
  await buyerContext.close()
})
