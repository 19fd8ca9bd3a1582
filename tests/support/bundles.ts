/**
 * Bundle tests' helpers: the owner's console calls (create a product, make it a bundle of some
 * products with a floor, put it on sale), as the product page's Bundle panel sends them.
 */
import type { LightMyRequestResponse } from 'fastify'
import { EMPTY_PRODUCT_FORM, type ProductForm } from '../../src/shared/contract/admin-products.ts'
import type { SignedInUser } from './accounts.ts'
import type { TestApp } from './test-app.ts'

/** The owner's API as the console calls it: the store's Origin and the owner's session. */
export function asOwner(
  t: TestApp,
  owner: SignedInUser,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url, headers: { origin: t.config.publicUrl, cookie: owner.cookie }, ...(payload ? { payload } : {}) })
}

/** PUT /api/admin/products/:id/bundle. */
export function saveBundle(t: TestApp, owner: SignedInUser, bundleId: string, productIds: string[], floorCents: number | null = null) {
  return asOwner(t, owner, 'PUT', `/api/admin/products/${bundleId}/bundle`, { productIds, floorCents })
}

/**
 * A bundle on sale in the store: created from the product form (hidden), made a bundle of
 * `itemIds` with its floor, then made active (a bundle needs no file of its own). Answers its id.
 */
export async function createBundle(
  t: TestApp,
  owner: SignedInUser,
  { name, price, itemIds, floorCents = null }: { name: string; price: string; itemIds: string[]; floorCents?: number | null },
): Promise<string> {
  const form: ProductForm = { ...EMPTY_PRODUCT_FORM, name, description: `${name}: every pack in one download.`, price }
  const created = await asOwner(t, owner, 'POST', '/api/admin/products', { form })
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.statusCode} ${created.body}`)
  const { id, version } = created.json().data as { id: string; version: number }
  const bundled = await saveBundle(t, owner, id, itemIds, floorCents)
  if (bundled.statusCode !== 200) throw new Error(`bundle failed: ${bundled.statusCode} ${bundled.body}`)
  const activated = await asOwner(t, owner, 'PUT', `/api/admin/products/${id}`, { form: { ...form, active: true }, version })
  if (activated.statusCode !== 200) throw new Error(`activate failed: ${activated.statusCode} ${activated.body}`)
  return id
}
