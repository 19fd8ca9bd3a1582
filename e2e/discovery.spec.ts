import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './support/test.ts'

interface ListedProduct {
  name: string
  bpm: number | null
  genre: string | null
  types: string[]
}

/** The products the grid shows, as the API describes them (each card links to its product page). */
async function listedProducts(page: Page, request: APIRequestContext): Promise<ListedProduct[]> {
  const hrefs = await page.getByRole('link', { name: 'View Details →' }).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
  return Promise.all(
    hrefs.map(async (href) => {
      const response = await request.get(`/api${href}`)
      expect(response.ok()).toBe(true)
      return ((await response.json()) as { data: ListedProduct }).data
    }),
  )
}

/** Waits until the grid shows the list its address asks for (not the previous one, dimmed, while it loads). */
async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: /^\d+ products?$/ })).toBeVisible()
}

test('a producer narrows the catalog by BPM and genre, reloads, steps back, then searches with a typo', async ({ page, request }) => {
  await page.goto('/products')
  // Typing or clicking before the page is hydrated would reach only the server's HTML.
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('heading', { name: 'All Products', level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'MIDI Packs' })).toBeVisible()
  const genres = page.getByRole('group', { name: 'Genre' })
  await expect(genres.getByRole('checkbox', { name: /^Techno \(\d+\)$/ })).toBeEnabled()
  const countsBefore = await genres.innerText()

  await page.getByRole('spinbutton', { name: 'Min BPM' }).fill('120')
  // Typing alone applies nothing; Enter does.
  await expect(page).toHaveURL(/\/products$/)
  await page.getByRole('spinbutton', { name: 'Min BPM' }).press('Enter')
  await expect(page).toHaveURL(/bpmMin=120/)
  await page.getByRole('spinbutton', { name: 'Max BPM' }).fill('130')
  await page.getByRole('spinbutton', { name: 'Max BPM' }).blur()
  await expect(page).toHaveURL(/bpmMin=120&bpmMax=130/)
  await settled(page)
  // The genre counts now count only products from 120 to 130 BPM; genres with none are disabled.
  await expect.poll(() => genres.innerText()).not.toBe(countsBefore)
  await expect(genres.getByRole('checkbox', { name: /\(0\)$/ }).first()).toBeDisabled()

  await genres.getByRole('checkbox', { name: /^Techno \(\d+\)$/ }).check()
  await expect(page).toHaveURL(/\/products\?bpmMin=120&bpmMax=130&genre=Techno$/)
  await settled(page)
  await expect(page.getByRole('link', { name: 'Warehouse Techno' })).toBeVisible()
  const matching = await listedProducts(page, request)
  expect(matching.length).toBeGreaterThan(0)
  for (const product of matching) {
    expect(product.genre).toBe('Techno')
    expect(product.bpm).toBeGreaterThanOrEqual(120)
    expect(product.bpm).toBeLessThanOrEqual(130)
  }
  await expect(page.getByRole('button', { name: 'Remove filter Techno' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Remove filter 120–130 BPM' })).toBeVisible()

  // A reload is rendered by the server from the address alone, and hydrates as it was sent.
  await page.reload()
  await page.waitForLoadState('networkidle')
  await expect(page).toHaveURL(/\/products\?bpmMin=120&bpmMax=130&genre=Techno$/)
  await expect(page.getByRole('spinbutton', { name: 'Min BPM' })).toHaveValue('120')
  await expect(page.getByRole('spinbutton', { name: 'Max BPM' })).toHaveValue('130')
  await expect(genres.getByRole('checkbox', { name: /^Techno / })).toBeChecked()
  await expect(page.getByRole('link', { name: 'Warehouse Techno' })).toBeVisible()

  // Back undoes the last step (the genre) and keeps the BPM range.
  await page.goBack()
  await expect(page).toHaveURL(/\/products\?bpmMin=120&bpmMax=130$/)
  await expect(genres.getByRole('checkbox', { name: /^Techno / })).not.toBeChecked()
  await expect(page.getByRole('spinbutton', { name: 'Min BPM' })).toHaveValue('120')
  await settled(page)
  for (const product of await listedProducts(page, request)) expect(product.bpm).toBeGreaterThanOrEqual(120)

  const search = page.getByRole('combobox', { name: 'Search sounds' })
  await search.fill('warehous techno')
  await search.press('Enter')
  await expect(page).toHaveURL(/\/products\?q=warehous(%20|\+)techno$/)
  await expect(page.getByRole('heading', { name: 'Results for "warehous techno"', level: 1 })).toBeVisible()
  await settled(page)
  const firstCard = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'View Details →' }) })
    .first()
  await expect(firstCard.getByRole('link', { name: 'Warehouse Techno' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance')
})

test('on a phone the filters open as a sheet, and "Show N products" closes it over the filtered list', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/products')
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('group', { name: 'Genre' })).toBeHidden()
  await page.getByRole('button', { name: 'Filters', exact: true }).click()
  const sheet = page.getByRole('dialog', { name: 'Filters' })
  await expect(sheet).toBeVisible()

  const midi = sheet.getByRole('checkbox', { name: /^MIDI \(\d+\)$/ })
  const expected = Number(/\((\d+)\)/.exec((await midi.evaluate((box) => box.closest('label')?.textContent)) ?? '')?.[1])
  expect(expected).toBeGreaterThan(0)
  await midi.check()
  await expect(page).toHaveURL(/\/products\?type=midi$/)
  const show = sheet.getByRole('button', { name: `Show ${expected} ${expected === 1 ? 'product' : 'products'}` })
  await show.click()
  await expect(sheet).toBeHidden()

  await expect(page.getByRole('button', { name: 'Filters 1 active' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: `${expected} products` })).toBeVisible()
  await settled(page)
  const listed = await listedProducts(page, request)
  expect(listed.length).toBe(Math.min(expected, 24))
  for (const product of listed) expect(product.types).toContain('midi')

  // Escape closes the sheet too, leaving the filters as they are.
  await page.getByRole('button', { name: 'Filters 1 active' }).click()
  await expect(sheet).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(sheet).toBeHidden()
  await expect(page).toHaveURL(/\/products\?type=midi$/)
})

test('a category page lists its own products, filtered, and says when none match', async ({ page }) => {
  await page.goto('/sample-packs?genre=Techno')
  await expect(page.getByRole('heading', { name: 'Sample Packs', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Warehouse Techno' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /^1 product$/ })).toBeVisible()

  await page.goto('/sample-packs?genre=Techno&bpmMin=20&bpmMax=60')
  await page.waitForLoadState('networkidle')
  await expect(page.getByText('No products match these filters')).toBeVisible()
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(page).toHaveURL(/\/sample-packs$/)
  await expect(page.getByRole('link', { name: 'View Details →' }).first()).toBeVisible()
})
