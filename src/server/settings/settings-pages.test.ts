/**
 * The owner's store texts in the pages themselves: a page the server paints shows them in its
 * markup and its title (never the defaults first), every page, painted or not, carries them for
 * the browser, and a save reaches pages already rendered and cached.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import type { AdminStoreSettings, PublicStoreSettings } from '../../shared/contract/store-settings.ts'

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="als-config" content="%ALS_CONFIG%" />
    <title>Audio Lab Store</title>
  </head>
  <body><div id="root"></div></body>
</html>`

const OWNER = uniqueEmail('owner')
let t: TestApp
let owner: SignedInUser
let clientDir: string

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'als-client-'))
  writeFileSync(join(clientDir, 'index.html'), INDEX_HTML)
  t = await createTestApp({ STORE_MODE: 'live', ADMIN_EMAILS: OWNER }, { clientDir, renderPages: true })
  owner = await createSignedInUser(t, { email: OWNER })
})
afterAll(async () => {
  await t?.close()
  rmSync(clientDir, { recursive: true, force: true })
})

const page = async (path: string) => (await t.app.inject(path)).body
const embeddedOf = (html: string) =>
  (JSON.parse(/<script type="application\/json" id="als-store-settings">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null') as { data: PublicStoreSettings } | null)
    ?.data

async function save(change: Partial<AdminStoreSettings['form']>) {
  const headers = { origin: t.config.publicUrl, cookie: owner.cookie }
  const { form, version } = (await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers })).json().data as AdminStoreSettings
  const saved = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers, payload: { form: { ...form, ...change }, version } })
  expect(saved.statusCode).toBe(200)
}

describe('store texts in the pages', () => {
  it("are the spec's before any save: the support page's reply time, the footer's links, the store's name", async () => {
    const html = await page('/support')
    expect(html).toContain('<title>Support | Audio Lab Store</title>')
    expect(html).toContain('We reply within 24-48 hours.')
    expect(html).toContain('href="https://www.youtube.com/@audiolabstore"')
    expect(embeddedOf(html)).toMatchObject({ storeName: 'Audio Lab Store', reviewClaim: '' })
  })

  it("after a save, painted pages show the owner's texts in their markup and title, and every page carries them", async () => {
    // Rendered and cached before the save: the save must reach them.
    await page('/support')
    await page('/about')
    await save({
      storeName: 'Night Shift Sounds',
      supportReplyTime: 'one business day',
      supportEmail: 'hello@nightshift.example',
      socialLinks: [{ label: 'Bandcamp', url: 'https://nightshift.bandcamp.com' }],
    })
    await expect.poll(async () => page('/support')).toContain('We reply within one business day.')
    const support = await page('/support')
    expect(support).toContain('<title>Support | Night Shift Sounds</title>')
    expect(support).toContain('<meta property="og:site_name" content="Night Shift Sounds" />')
    expect(support).toContain('href="mailto:hello@nightshift.example"')
    expect(support).toContain('href="https://nightshift.bandcamp.com"')
    expect(support).not.toContain('24-48 hours')
    expect(support).not.toContain('youtube.com/@audiolabstore')

    const about = await page('/about')
    expect(about).toContain('Within <!-- -->one business day')
    expect(about).toContain('<title>About | Night Shift Sounds</title>')

    // The cart is the browser's to render: it gets the settings in the page, not the defaults.
    const cart = await page('/cart')
    expect(cart).toContain('<div id="root"></div>')
    expect(embeddedOf(cart)).toMatchObject({
      storeName: 'Night Shift Sounds',
      supportReplyTime: 'one business day',
      guaranteeNote: '30-day money-back guarantee',
    })
  })

  it('keep inert text inert: a store name cannot close the embedded element', async () => {
    await save({ storeName: 'Loops </script><script>alert(1)</script>' })
    await expect.poll(async () => embeddedOf(await page('/cart'))?.storeName).toBe('Loops </script><script>alert(1)</script>')
    const html = await page('/cart')
    expect(html).not.toContain('<script>alert(1)')
    expect(html).toContain('<title>Loops &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>')
  })
})
