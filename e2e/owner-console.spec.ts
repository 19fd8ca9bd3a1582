import { expect, test } from './support/test.ts'
import { E2E_OWNER_EMAIL } from '../playwright.config.ts'
import { createConfirmedAccount, signIn, signInAsOwner } from './support/accounts.ts'
import { buyNowWithTestCard, smallDigitalProduct } from './support/purchases.ts'

// The owner console as a business runs it: each journey below is one person's work in it.
// Each signs up or in, buys and works the console: more than a minute on a busy two-core machine.
test.describe.configure({ timeout: 120_000 })

const PASSWORD = 'correct horse battery'

/** A text as a regular expression that matches it literally. */
const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))

test.describe('the owner finds a customer', () => {
  // A buyer pays; the owner finds them by email among the customers, opens their page, sees the
  // order and its downloads, corrects the email, and finds that change in the audit log.
  test("the owner corrects a buyer's email and finds the change in the audit log", async ({ page, baseURL }) => {
    const buyerEmail = await createConfirmedAccount(page, baseURL!, PASSWORD)
    await page.goto('/login')
    await signIn(page, buyerEmail, PASSWORD)
    await expect(page).toHaveURL(/\/profile$/)
    const product = await smallDigitalProduct(page.request)
    const { orderNumber } = await buyNowWithTestCard(page, product)

    await signInAsOwner(page, baseURL!, E2E_OWNER_EMAIL, PASSWORD)
    await page.goto('/admin')
    await page.getByRole('navigation', { name: 'Owner console' }).getByRole('link', { name: 'Customers' }).click()
    await page.getByLabel('Search by email or name').fill(buyerEmail)
    await page.getByRole('link', { name: buyerEmail }).click()

    await expect(page.getByRole('heading', { level: 1, name: 'Guard Tester' })).toBeVisible()
    await expect(page.getByText(/Account since/)).toBeVisible()
    const orders = page.getByRole('region', { name: 'Orders (1)' })
    await expect(orders.getByRole('link', { name: orderNumber })).toHaveAttribute('href', /\/admin\/orders\//)
    await expect(page.getByRole('region', { name: 'Downloads' }).getByRole('listitem', { name: product.name })).toContainText(/0 used · \d+ left/)
    await expect(page.getByRole('region', { name: 'Emails sent' })).toContainText(buyerEmail)

    const corrected = buyerEmail.replace('@', '-fixed@')
    const edit = page.getByRole('region', { name: 'Edit email' })
    await edit.getByLabel('New email').fill(corrected)
    await edit.getByRole('button', { name: 'Save email' }).click()
    await expect(page.getByText(`Email changed to ${corrected}`)).toBeVisible()
    await expect(page.getByText(literally(`${corrected} · Account since`))).toBeVisible()
    await expect(page.getByText(/email not confirmed/)).toBeVisible()

    await page.goto('/admin/audit')
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible()
    await page.getByRole('search', { name: 'Filter the audit log' }).getByLabel('What').selectOption('customer.change_email')
    const change = page.getByRole('row', { name: literally(corrected) })
    await expect(change).toContainText(E2E_OWNER_EMAIL)
    await expect(change).toContainText(`email: ${buyerEmail} → ${corrected}`)
  })
})

test.describe('support staff', () => {
  // The owner makes an account support staff on the Staff page; a buyer pays; the support account
  // finds the order, sends the receipt again, has no refund to press, and the API refuses it one.
  test('a support account resends a receipt and is refused a refund', async ({ page, baseURL }) => {
    const supportEmail = await createConfirmedAccount(page, baseURL!, PASSWORD)
    const buyerEmail = await createConfirmedAccount(page, baseURL!, PASSWORD)

    await page.goto('/login')
    await signIn(page, buyerEmail, PASSWORD)
    await expect(page).toHaveURL(/\/profile$/)
    const { orderNumber } = await buyNowWithTestCard(page, await smallDigitalProduct(page.request))

    await signInAsOwner(page, baseURL!, E2E_OWNER_EMAIL, PASSWORD)
    await page.goto('/admin')
    await page.getByRole('navigation', { name: 'Owner console' }).getByRole('link', { name: 'Staff' }).click()
    const grant = page.getByRole('region', { name: 'Grant a role' })
    await grant.getByLabel('Email of the account').fill(supportEmail)
    await grant.getByLabel('Role').selectOption('support')
    await grant.getByRole('button', { name: 'Grant role' }).click()
    await expect(grant.getByText(`Make ${supportEmail} support staff?`)).toBeVisible()
    await grant.getByRole('button', { name: 'Confirm grant' }).click()
    await expect(page.getByRole('row', { name: new RegExp(supportEmail) }).getByRole('cell', { name: 'Support', exact: true })).toBeVisible()

    await page.context().clearCookies()
    await page.goto('/login')
    await signIn(page, supportEmail, PASSWORD)
    await expect(page).toHaveURL(/\/profile$/)
    await page.goto('/admin')
    await expect(page).toHaveURL(/\/admin\/orders$/)
    await expect(page.getByRole('navigation', { name: 'Owner console' }).getByRole('link')).toHaveText(['Orders', 'Customers'])

    await page.getByLabel('Buyer email').fill(buyerEmail)
    await page.getByRole('link', { name: orderNumber }).click()
    await expect(page.getByRole('heading', { name: `Order ${orderNumber}`, level: 1 })).toBeVisible()
    await page.getByRole('button', { name: 'Resend receipt' }).click()
    await expect(page.getByText(`Receipt sent again to ${buyerEmail}`)).toBeVisible()
    await expect(page.getByRole('button', { name: /Refund/ })).toHaveCount(0)

    const orderId = page.url().split('/').pop()!
    const refund = await page.request.post(`/api/admin/orders/${orderId}/refund`, { data: {}, headers: { Origin: baseURL! } })
    expect(refund.status()).toBe(403)
    expect(await refund.json()).toEqual({ error: { message: 'Admin access required', status: 403, code: 'FORBIDDEN' } })

    await page.goto('/admin/products')
    await expect(page.getByRole('heading', { name: 'Only an admin can open this page' })).toBeVisible()
  })
})
