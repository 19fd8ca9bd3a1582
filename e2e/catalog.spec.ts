import { expect, test } from './support/test.ts'

test('a producer filters a category, opens a product, switches tabs and plays the preview', async ({ page }) => {
  await page.goto('/products')
  // Clicking before the page is hydrated would reach only the server's HTML.
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('heading', { name: 'MIDI Packs' })).toBeVisible()

  await page.getByRole('button', { name: 'MIDI Packs', exact: true }).click()
  await expect(page).toHaveURL(/category=midi-packs/)
  await expect(page.getByRole('button', { name: 'MIDI Packs', exact: true })).toHaveAttribute('aria-pressed', 'true')
  const details = page.getByRole('link', { name: 'View Details →' })
  await expect(details.first()).toBeVisible()
  const cardCount = await details.count()
  expect(cardCount).toBeGreaterThan(3)

  await details.first().click()
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/)
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim()
  expect(name.length).toBeGreaterThan(0)
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true')

  await page.getByRole('tab', { name: 'Specifications' }).click()
  await expect(page.getByRole('tabpanel')).toContainText('File size')
  await expect(page.getByRole('tabpanel')).toContainText(/(\d+\.\d|< 0\.1) MB/)
  await expect(page.getByRole('tabpanel')).toContainText('Available')

  await page.getByRole('tab', { name: 'Reviews' }).click()
  await expect(page.getByRole('tabpanel')).toContainText('Reviews coming soon!')

  await page.getByRole('tab', { name: 'Audio Demos' }).click()
  const panel = page.getByRole('tabpanel')
  const waveform = panel.getByRole('slider', { name: `Waveform of ${name} preview` })
  await expect(waveform).toBeVisible()
  expect(await waveform.locator('rect').count()).toBeGreaterThan(20)

  await panel.getByRole('button', { name: `Play preview of ${name}` }).click()
  // The shared audio element really advances: the waveform's position moves past zero.
  await expect(waveform).toHaveAttribute('aria-valuetext', /^0:0[1-9] of 0:\d\d$/, { timeout: 15_000 })
  await panel.getByRole('button', { name: `Pause preview of ${name}` }).click()
  await expect(panel.getByRole('button', { name: `Play preview of ${name}` })).toBeVisible()
  const pausedAt = await waveform.getAttribute('aria-valuenow')
  await page.waitForTimeout(1200)
  expect(await waveform.getAttribute('aria-valuenow')).toBe(pausedAt)
})

test('one preview plays at a time across the page', async ({ page }) => {
  await page.goto('/products?category=sample-packs')
  // Clicking before the page is hydrated would reach only the server's HTML.
  await page.waitForLoadState('networkidle')
  const plays = page.getByRole('button', { name: /^Play preview of / })
  await expect(plays.first()).toBeVisible()
  const first = (await plays.nth(0).getAttribute('aria-label'))!.replace('Play preview of ', '')
  const second = (await plays.nth(1).getAttribute('aria-label'))!.replace('Play preview of ', '')
  await page.getByRole('button', { name: `Play preview of ${first}` }).click()
  await expect(page.getByRole('button', { name: `Pause preview of ${first}` })).toBeVisible()
  await page.getByRole('button', { name: `Play preview of ${second}` }).click()
  await expect(page.getByRole('button', { name: `Pause preview of ${second}` })).toBeVisible()
  await expect(page.getByRole('button', { name: `Play preview of ${first}` })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Pause preview of / })).toHaveCount(1)
})

test('an unknown product id shows "Product Not Found" with a way home', async ({ page }) => {
  await page.goto('/products/00000000-0000-4000-8000-000000000000')
  await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible()
  await page.getByRole('link', { name: 'Return Home' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('a category without products says so, on its page and in the listing filter', async ({ page }) => {
  await page.goto('/field-recordings')
  await expect(page.getByText('No products available in Field Recordings category yet')).toBeVisible()
  await page.goto('/products?category=field-recordings')
  await expect(page.getByText('No products available in Field Recordings category yet')).toBeVisible()
})

test('an unknown path shows the not-found page in live mode', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
})
