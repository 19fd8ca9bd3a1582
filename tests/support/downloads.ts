/**
 * Download tests' helpers: demo products that have a stored file, asking for a grant as the
 * hub does, fetching a signed URL, and the sha256 of bytes or of a stored product file.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { asc, eq, isNotNull } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { orderItems, products, type ProductRow } from '../../src/server/db/schema.ts'
import type { SignedInUser } from './accounts.ts'
import type { TestApp } from './test-app.ts'

/** The first `count` demo products that have a downloadable file. */
export async function productsWithFiles(t: TestApp, count: number): Promise<ProductRow[]> {
  const rows = await t.database.db.select().from(products).where(isNotNull(products.fileUrl)).orderBy(asc(products.name)).limit(count)
  if (rows.length < count) throw new Error(`Only ${rows.length} demo products have files`)
  return rows
}

export interface GrantBody {
  orderItemId: string
  productId: string
}

/** POST /api/downloads as the store's page (its Origin), optionally signed in and from an address. */
export function requestGrant(
  t: TestApp,
  body: GrantBody | Record<string, unknown>,
  options: { user?: SignedInUser; remoteAddress?: string; userAgent?: string } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/downloads',
    headers: {
      origin: t.config.publicUrl,
      ...(options.user ? { cookie: options.user.cookie } : {}),
      ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
    },
    payload: body,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  })
}

/** A grant that must succeed: its signed URL and the remaining count. */
export async function grantUrl(
  t: TestApp,
  user: SignedInUser,
  body: GrantBody,
): Promise<{ downloadUrl: string; downloadsRemaining: number; expiresAt: string }> {
  const response = await requestGrant(t, body, { user })
  if (response.statusCode !== 200) throw new Error(`grant failed: ${response.statusCode} ${response.body}`)
  return response.json()
}

/** GETs (or HEADs) a download URL as a download manager would: no cookie, no Origin. */
export function fetchDownload(t: TestApp, url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET'): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url, headers })
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** The bytes the store holds for a product. */
export function storedFile(t: TestApp, product: ProductRow): Buffer {
  return readFileSync(join(t.dataDir, 'files', product.fileUrl!))
}

export async function remainingOf(t: TestApp, orderItemId: string): Promise<number> {
  const [row] = await t.database.db.select({ remaining: orderItems.downloadsRemaining }).from(orderItems).where(eq(orderItems.id, orderItemId))
  if (!row) throw new Error(`No order item ${orderItemId}`)
  return row.remaining
}
