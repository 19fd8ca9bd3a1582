import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { E2E_OWNER_EMAIL } from '../playwright.config.ts'
import { signInAsOwner } from './support/accounts.ts'
import { smallDigitalProduct } from './support/purchases.ts'

// axe-core (WCAG 2.1 A and AA) finds nothing on the storefront's main pages, at a desktop and a
// phone width, nor on the account pages and the owner console: colour contrast, names that match
// their visible labels, landmarks, forms.

const WIDTHS = [1280, 390]

async function violationsOn(page: Page, path: string) {
  await page.goto(path)
  await page.waitForLoadState('networkidle')
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return results.violations.map((violation) => ({
    path,
    rule: violation.id,
    impact: violation.impact,
    targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
  }))
}

for (const width of WIDTHS) {
  test(`the storefront's main pages have no WCAG 2.1 A/AA violations at ${width} px`, async ({ page }) => {
    // Ten pages, each loaded and scanned: on a slow two-core machine that comes near two minutes.
    test.setTimeout(360_000)
    await page.setViewportSize({ width, height: 900 })
    const product = await smallDigitalProduct(page.request)
    const paths = ['/', '/products', '/sample-packs', `/products/${product.id}`, '/cart', '/learn', '/about', '/support', '/login', '/signup']
    const found = []
    for (const path of paths) found.push(...(await violationsOn(page, path)))
    expect(found).toEqual([])
  })
}

test('account, checkout and owner console pages have no WCAG 2.1 A/AA violations', async ({ page, baseURL }) => {
  // Fourteen pages, each loaded and scanned: on a slow, busy two-core machine that took up to four minutes.
  test.setTimeout(360_000)
  await signInAsOwner(page, baseURL!, E2E_OWNER_EMAIL, 'correct horse battery')
  // Checkout is judged as a shopper sees it: with a line in the cart.
  const product = await smallDigitalProduct(page.request)
  await page.goto(`/products/${product.id}`)
  // Clicking before the page is hydrated would reach only the server's HTML.
  await page.waitForLoadState('networkidle')
  await page.getByRole('button', { name: 'Add to Cart' }).first().click()
  await expect(page.getByRole('dialog', { name: /^Shopping Cart/ })).toBeVisible()
  const paths = [
    '/cart',
    '/checkout',
    '/profile',
    '/order-history',
    '/download-hub',
    '/admin',
    '/admin/products',
    '/admin/products/new',
    '/admin/orders',
    '/admin/promo-codes',
    '/admin/sales',
    '/admin/subscribers',
    '/admin/customers',
    '/admin/categories',
  ]
  const found = []
  for (const path of paths) found.push(...(await violationsOn(page, path)))
  expect(found).toEqual([])
})
