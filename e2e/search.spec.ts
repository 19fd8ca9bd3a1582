import { expect, test } from './support/test.ts'

test('a producer finds a pack from the header search with the keyboard, then searches every product for a word', async ({ page }) => {
  await page.goto('/')
  // Typing before the page is hydrated would be typing into the server's HTML.
  await page.waitForLoadState('networkidle')
  const search = page.getByRole('combobox', { name: 'Search sounds' })
  await search.fill('warehou')
  const products = page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('group', { name: 'Products' })
  const wanted = products.getByRole('option', { name: /Warehouse Techno/ })
  await expect(wanted).toBeVisible()
  await expect(search).toHaveAttribute('aria-expanded', 'true')

  // Down to the pack (products come first), then Enter opens it.
  const names = await page.getByRole('option').allTextContents()
  const index = names.findIndex((name) => name.startsWith('Warehouse Techno'))
  for (let step = 0; step <= index; step++) await search.press('ArrowDown')
  await expect(wanted).toHaveAttribute('aria-selected', 'true')
  await expect(search).toHaveAttribute('aria-activedescendant', (await wanted.getAttribute('id'))!)
  await search.press('Enter')
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Warehouse Techno' })).toBeVisible()

  await search.fill('techno')
  await expect(page.getByRole('listbox', { name: 'Search suggestions' })).toBeVisible()
  await search.press('Enter')
  await expect(page).toHaveURL(/\/products\?q=techno$/)
  await expect(search).toHaveValue('techno')
  await search.press('Escape')
  await expect(search).toHaveValue('')
})

test('on a phone the search button opens the box under the header bar', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/products')
  await page.waitForLoadState('networkidle')
  const search = page.getByRole('combobox', { name: 'Search sounds' })
  await expect(search).toBeHidden()
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(search).toBeFocused()
  await search.fill('warehou')
  await page.getByRole('option', { name: /Warehouse Techno/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Warehouse Techno' })).toBeVisible()
  await expect(search).toBeHidden()
})
