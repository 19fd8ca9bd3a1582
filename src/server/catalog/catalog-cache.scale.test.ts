/**
 * The catalog cache across two store processes on one PostgreSQL: each process holds its own
 * copy of a list and its own search index; when the owner saves a product through one process,
 * the other's next answer already carries the change (a database trigger NOTIFYs every process,
 * which drops its copy and reads its index again).
 * And the catalog's covers and previews come from the bucket, whichever process is asked.
 * Black-box over HTTP; PostgreSQL only (PGlite is one process's file).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { dataPaths } from '../paths.ts'
import { signedInShopper, startStoreFleet, type StoreFleet } from '../../../tests/support/store-processes.ts'

const OWNER = `fleet-owner-${Date.now().toString(36)}@example.com`

interface Listed {
  data: { id: string; name: string }[]
}

describe.runIf(process.env.DATABASE_URL)('the catalog cache across two store processes', () => {
  let fleet: StoreFleet

  beforeAll(async () => {
    fleet = await startStoreFleet(2, { env: { ADMIN_EMAILS: OWNER } })
  }, 120_000)
  afterAll(async () => fleet?.stop())

  it('drops a cached list in the other process as soon as a product is saved', async () => {
    const list = '/api/products?limit=5&sortBy=name&sortOrder=asc'
    const first = await fleet.call<Listed>(0, list)
    const again = await fleet.call<Listed>(0, list)
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'))
    expect((await fleet.call<Listed>(1, list)).body.data[0]!.name).toBe(first.body.data[0]!.name)

    const owner = await signedInShopper(fleet, { email: OWNER })
    const product = first.body.data[0]!
    const editing = await fleet.call<{ data: { form: Record<string, unknown>; version: number } }>(1, `/api/admin/products/${product.id}`, {
      cookie: owner.cookie,
    })
    expect(editing.status).toBe(200)
    const renamed = `A ${product.name} (renamed)`
    const saved = await fleet.call(1, `/api/admin/products/${product.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      body: { form: { ...editing.body.data.form, name: renamed }, version: editing.body.data.version },
    })
    expect(saved.status).toBe(200)

    // The notification is delivered when the save commits; give it the time a network hop takes.
    let seen = ''
    for (const deadline = Date.now() + 2000; Date.now() < deadline && seen !== renamed; await new Promise((resolve) => setTimeout(resolve, 20))) {
      seen = (await fleet.call<Listed>(0, list)).body.data[0]!.name
    }
    expect(seen).toBe(renamed)
    const after = await fleet.call<Listed>(0, list)
    expect(after.headers.get('etag')).not.toBe(first.headers.get('etag'))
    // The other process's search index (lists, words and facets answered from its memory) was read again too.
    const found = await fleet.call<Listed>(0, '/api/products?q=renamed&facets=1')
    expect(found.body.data[0]!.name).toBe(renamed)
  }, 60_000)

  it("serves the catalog's covers and previews from the bucket on a process whose disk has none", async () => {
    const [listed] = (await fleet.call<{ data: { imageUrl: string; audioPreview: string }[] }>(1, '/api/products?limit=1')).body.data
    expect(existsSync(dataPaths(fleet.dataDirs[1]!).media)).toBe(false)
    for (const url of [listed!.imageUrl, listed!.audioPreview]) {
      const media = await fetch(`${fleet.stores[1]!.url}${url}`)
      expect(media.status, url).toBe(200)
      expect(Buffer.from(await media.arrayBuffer()).equals(readFileSync(join(dataPaths(inject('templateDataDir')).media, url.slice('/media/'.length))))).toBe(
        true,
      )
    }
  })
})
