import { expect, test } from './support/test.ts'
import { E2E_OWNER_EMAIL } from '../playwright.config.ts'
import { createConfirmedAccount, signIn, signInAsOwner } from './support/accounts.ts'

// The owner console: the shop owner (ADMIN_EMAILS) signs in and finds the dashboard; a field
// error from the server shows beside its field; a new category gets its store page; a new
// product stays hidden until it has its file. A shopper who opens /admin is told it is for admins.

const PASSWORD = 'correct horse battery'

test('the shop owner reads the dashboard, adds a category shoppers then see, and a product kept hidden until its file is there', async ({ page, baseURL }) => {
  await signInAsOwner(page, baseURL!, E2E_OWNER_EMAIL, PASSWORD)

  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Last 30 days' })).toBeVisible()
  await expect(page.getByRole('figure', { name: 'Revenue per day' })).toBeVisible()

  await page.getByRole('navigation', { name: 'Owner console' }).getByRole('link', { name: 'Categories' }).click()
  await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible()
  const form = page.getByRole('region', { name: 'New category' })
  await form.getByLabel('Name').fill('Vocal Chops')
  await form.getByLabel('Slug').fill('instruments')
  await form.getByRole('button', { name: 'Create category' }).click()
  await expect(form.getByText('Another category already uses this slug')).toBeVisible()
  await form.getByLabel('Slug').fill('')
  await form.getByRole('button', { name: 'Create category' }).click()
  const list = page.getByRole('list', { name: 'Categories in store order' })
  await expect(list.getByText('/vocal-chops · 0 products')).toBeVisible()

  await page.goto('/vocal-chops')
  await expect(page.getByRole('heading', { name: 'Vocal Chops', level: 1 })).toBeVisible()

  // A new product: a free price and an active product without its file are refused beside their fields.
  await page.goto('/admin/products')
  await page.getByRole('link', { name: 'New product' }).click()
  await expect(page.getByRole('heading', { name: 'New product', level: 1 })).toBeVisible()
  await page.getByLabel('Name', { exact: true }).fill('Chopped Soul Vocals')
  await page.getByLabel('Description').fill('Soul phrases chopped and tuned.')
  await page.getByLabel('Price', { exact: true }).fill('9.999')
  await page.getByLabel('Category').selectOption({ label: 'Vocal Chops' })
  await page.getByLabel('BPM').fill('92')
  await page.getByLabel('Key').fill('H minor')
  await page.getByRole('group', { name: 'Type' }).getByLabel('Loops').check()
  await page.getByRole('group', { name: 'Type' }).getByLabel('One-shots').check()
  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page.getByText('Price must be 0 (free) or more, with at most 2 decimals')).toBeVisible()
  await expect(page.getByText('Key must be a musical key, like "A minor", "C#m" or "D dorian"')).toBeVisible()
  await page.getByLabel('Price', { exact: true }).fill('19.99')
  await page.getByLabel('Key').fill('F minor')
  await page.getByLabel('Active').check()
  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page.getByText('Add the product file before making the product active: every buyer must get a file')).toBeVisible()
  await page.getByLabel('Active').uncheck()
  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f-]{36}$/)
  const productId = page.url().split('/').pop()!
  await expect(page.getByRole('group', { name: 'Type' }).getByLabel('One-shots')).toBeChecked()
  await expect(page.getByRole('region', { name: 'History' }).getByText(`${E2E_OWNER_EMAIL} · created`)).toBeVisible()

  // Hidden from shoppers until its file is there; listed for the owner.
  expect((await page.request.get(`/api/products/${productId}`)).status()).toBe(404)
  await page.getByRole('link', { name: '← Products' }).click()
  const row = page.getByRole('row', { name: /Chopped Soul Vocals/ })
  await expect(row.getByText('Hidden')).toBeVisible()
  await expect(row.getByText('$19.99')).toBeVisible()
})

test('the owner creates a promo code the cart accepts, sees it listed, and deactivates it', async ({ page, baseURL }) => {
  await signInAsOwner(page, baseURL!, E2E_OWNER_EMAIL, PASSWORD)
  await page.goto('/admin')
  await page.getByRole('navigation', { name: 'Owner console' }).getByRole('link', { name: 'Promo codes' }).click()
  const form = page.getByRole('region', { name: 'New promo code' })
  await form.getByLabel('Code').fill('winter-drop')
  await form.getByLabel('Percent off').fill('150')
  await form.getByRole('button', { name: 'Create promo code' }).click()
  await expect(form.getByText('Percent off must be a whole number from 1 to 100')).toBeVisible()
  await form.getByLabel('Percent off').fill('15')
  await form.getByLabel('Max uses').fill('100')
  await form.getByLabel('Once per customer').check()
  await form.getByRole('button', { name: 'Create promo code' }).click()

  const code = page.getByRole('list', { name: 'Promo codes' }).getByRole('listitem', { name: 'WINTER-DROP' })
  await expect(code.getByText('15% off')).toBeVisible()
  await expect(code.getByText('Always · 0 of 100 uses · once per customer')).toBeVisible()
  await expect(code.getByText('0 paid orders · $0.00 discount given')).toBeVisible()
  const apply = () => page.request.post('/api/promo-codes/validate', { data: { code: 'winter-drop' }, headers: { Origin: baseURL! } })
  expect((await apply()).status()).toBe(200)

  await code.getByRole('button', { name: 'Deactivate' }).click()
  await expect(code.getByText('Inactive', { exact: true })).toBeVisible()
  expect((await apply()).status()).toBe(404)
})

test('a shopper who opens /admin is told it is for admins only', async ({ page, baseURL }) => {
  const email = await createConfirmedAccount(page, baseURL!, PASSWORD)
  await page.goto('/login')
  await signIn(page, email, PASSWORD)
  await expect(page).toHaveURL(/\/profile$/)
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible()
})
