/**
 * Long text never widens the page: a search far past the limit reads as a sentence, a long
 * search that finds nothing wraps in the heading, its chip and the empty text, and a long
 * refused promo code wraps in the cart drawer, and checkout's country list (long names) keeps the
 * page to the window, at a phone's width and a desktop's.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './support/test.ts'

const WIDTHS = [390, 1280]

/** The page scrolls sideways when its content is wider than the window. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

for (const width of WIDTHS) {
  test(`at ${width} px a 300-character search says how long a search may be, and long text wraps`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })

    await page.goto(`/products?q=${'x'.repeat(300)}`)
    await page.waitForLoadState('networkidle')
    await expect(page.getByRole('heading', { level: 1, name: /^Results for "x+"$/ })).toBeVisible()
    await expect(page.getByRole('alert')).toContainText('Search terms can be at most 200 characters')
    await expect(page.getByText(/Invalid q|Too big/)).toHaveCount(0)
    expect(await pageWidth(page)).toBe(width)

    const search = `warm analog ${'y'.repeat(150)}`
    await page.goto(`/products?q=${encodeURIComponent(search)}`)
    await page.waitForLoadState('networkidle')
    await expect(page.getByText(`No products match “${search}”`)).toBeVisible()
    await expect(page.getByRole('button', { name: `Remove filter “${search}”` })).toBeVisible()
    expect(await pageWidth(page)).toBe(width)

    // A refused code as long as the field takes, in the drawer.
    await page.goto('/products')
    await page.waitForLoadState('networkidle')
    await page.getByRole('button', { name: 'Add to Cart' }).first().click()
    const drawer = page.getByRole('dialog', { name: /^Shopping Cart/ })
    await drawer.getByLabel('Promo code').fill('Z'.repeat(64))
    await drawer.getByRole('button', { name: 'Apply' }).click()
    await expect(drawer.getByRole('alert')).toHaveText('Invalid promo code')
    expect(await drawer.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
    expect(await pageWidth(page)).toBe(width)

    // Checkout's country list holds names as long as "South Georgia and the South Sandwich Islands".
    await drawer.getByRole('link', { name: 'Proceed to Checkout' }).click()
    await expect(page).toHaveURL(/\/checkout$/)
    await expect(page.getByLabel('Country')).toBeVisible()
    expect(await pageWidth(page)).toBe(width)
  })
}
