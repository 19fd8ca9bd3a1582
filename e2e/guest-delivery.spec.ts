// A guest gets what they paid for without an account: they pay the cart as a guest with the
// built-in provider's 4242 card, the success page lists the downloads at once, the receipt in
// /dev/mailbox links to the order's private page, where a download counts down as in the hub;
// the guest then signs up with the same address in capitals and confirms it: the order is in
// their history and hub, the product "✓ Owned"; a second guest's link opens their own order
// only, and an altered link opens nothing.
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { linkIn, newestMail, signIn, uniqueEmail } from './support/accounts.ts'
import { soldAtItsPrice, type ApiProduct } from './support/purchases.ts'

/** The two smallest digital downloads with the default limit of 3, so the journey moves few bytes. */
async function twoSmallDownloads(request: APIRequestContext): Promise<[ApiProduct, ApiProduct]> {
  const body = (await (await request.get('/api/products?limit=100')).json()) as { data: ApiProduct[] }
  const candidates = body.data.filter(
    (product) => soldAtItsPrice(product) && product.metadata.product_type === 'digital_download' && product.downloadLimit === 3 && product.fileSize > 0,
  )
  candidates.sort((a, b) => a.fileSize - b.fileSize)
  expect(candidates.length).toBeGreaterThan(1)
  return [candidates[0]!, candidates[1]!]
}

/** A signed-out visitor puts the product in the cart, checks out with this email and pays with 4242; answers the order number on the success page. */
async function guestBuys(page: Page, product: ApiProduct, email: string): Promise<string> {
  await page.goto(`/products/${product.id}`)
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Add to Cart' }).first().click()
  await page
    .getByRole('dialog', { name: /^Shopping Cart/ })
    .getByRole('link', { name: 'Proceed to Checkout' })
    .click()
  await expect(page).toHaveURL(/\/checkout$/)

  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('First name').fill('Ada')
  await page.getByLabel('Last name').fill('Lovelace')
  await page.getByLabel('Address', { exact: true }).fill('1 Abbey Road')
  await page.getByLabel('City').fill('London')
  await page.getByLabel('Country').selectOption({ label: 'United Kingdom' })
  await page.getByLabel('Postal code').fill('NW8 9AY')
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await page.getByRole('button', { name: /^Continue to Payment - \$/ }).click()

  await expect(page).toHaveURL(/\/pay\/cs_/)
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByLabel('Expiration date (MM / YY)').fill('12 / 34')
  await page.getByLabel('CVC').fill('123')
  await page.getByLabel('Name on card').fill('Ada Lovelace')
  await page.getByRole('button', { name: /^Pay \$/ }).click()
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible({ timeout: 20_000 })
  return (await page.locator('dt', { hasText: 'Order number' }).locator('xpath=following-sibling::dd[1]').textContent())!.trim()
}

/** The private order link of the receipt of this order, from the developer mailbox. */
async function receiptLink(request: APIRequestContext, email: string, orderNumber: string): Promise<string> {
  const receipt = await newestMail(request, email, new RegExp(`receipt for order ${orderNumber}$`))
  expect(receipt.text).toContain("This link is private: anyone who has it can download your files, so please don't share it.")
  return linkIn(receipt.text, '/orders/access/')
}

test('a guest pays, downloads from the success page and from the receipt’s private link (the count goes down), signs up with the address in capitals and owns the order once confirmed; another guest’s link shows only their own order', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const [pack, otherPack] = await twoSmallDownloads(page.request)
  const guestEmail = uniqueEmail('guest-delivery')

  // The guest pays; the success page lists the download at once.
  const orderNumber = await guestBuys(page, pack, guestEmail)
  const successDownloads = page.getByRole('list', { name: 'Your downloads' })
  await expect(successDownloads.getByRole('article', { name: pack.name }).getByText(/Downloads remaining:/)).toHaveText('Downloads remaining: 3 of 3')

  // The receipt's private link opens the order; a download counts down as in the hub.
  const privateLink = await receiptLink(page.request, guestEmail, orderNumber)
  await page.goto(privateLink)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${orderNumber}`)
  await expect(page.getByText(`Create an account with ${guestEmail} to keep these in your Download Hub.`)).toBeVisible()
  const item = page.getByRole('article', { name: pack.name })
  await expect(item.getByText(/Downloads remaining:/)).toHaveText('Downloads remaining: 3 of 3')
  const downloadStarted = page.waitForEvent('download')
  await item.getByRole('button', { name: 'Download' }).click()
  const download = await downloadStarted
  expect(await download.failure()).toBeNull()
  await expect(item.getByText(/Downloads remaining:/)).toHaveText('Downloads remaining: 2 of 3')
  await page.reload()
  await expect(page.getByRole('article', { name: pack.name }).getByText(/Downloads remaining:/)).toHaveText('Downloads remaining: 2 of 3')

  // The guest signs up with the address in capitals: once confirmed, the order is the account's.
  const password = 'guest-joins-1'
  await page.goto('/signup')
  await expect(page.getByText('Bought here before as a guest? Your earlier orders will appear in your account once you confirm this email.')).toBeVisible()
  await page.getByLabel('Email').fill(guestEmail.toUpperCase())
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm password').fill(password)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByRole('dialog', { name: 'Check Your Email' })).toBeVisible()
  await page.goto(linkIn((await newestMail(page.request, guestEmail, /confirm/i)).text, 'verify-email'))
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible()
  await page.goto('/login')
  await signIn(page, guestEmail, password)
  await expect(page).toHaveURL(/\/profile$/)
  await page.goto('/order-history')
  await expect(page.getByText(`#${orderNumber}`).first()).toBeVisible()
  await page.goto('/download-hub')
  const owned = page.getByRole('article', { name: pack.name })
  await expect(owned.getByText(/Downloads remaining:/)).toHaveText('Downloads remaining: 2 of 3')
  await page.goto(`/products/${pack.id}`)
  await expect(page.getByRole('link', { name: '✓ Owned - Download' }).first()).toBeVisible()

  // A second guest, in another browser, buys something else: their link opens their order only.
  const second = await browser.newContext({ baseURL: baseURL! })
  const visitor = await second.newPage()
  const visitorEmail = uniqueEmail('second-guest')
  const visitorOrder = await guestBuys(visitor, otherPack, visitorEmail)
  await visitor.goto(await receiptLink(visitor.request, visitorEmail, visitorOrder))
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(`Order #${visitorOrder}`)
  await expect(visitor.getByRole('article', { name: otherPack.name })).toBeVisible()
  await expect(visitor.getByText(pack.name)).toHaveCount(0)
  await expect(visitor.getByText(orderNumber)).toHaveCount(0)
  await expect(visitor.getByText(guestEmail)).toHaveCount(0)

  // The first guest's link with one character changed opens nothing, and leads to "Find my order".
  const token = new URL(privateLink).pathname.split('/').pop()!
  const altered = `${token.slice(0, 30)}${token[30] === 'A' ? 'B' : 'A'}${token.slice(31)}`
  await visitor.goto(`/orders/access/${altered}`)
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText("This order link doesn't work")
  await expect(visitor.getByText(pack.name)).toHaveCount(0)
  await visitor.getByRole('link', { name: 'Find my order' }).click()
  await expect(visitor).toHaveURL(/\/orders\/find$/)
  await second.close()
})
