/** Products made as the owner's console makes them, through the admin API of a signed-in owner. */
import { expect, type APIRequestContext } from '@playwright/test'
import { EMPTY_PRODUCT_FORM, type ProductForm } from '../../src/shared/contract/admin-products.ts'

const base64 = (text: string) => Buffer.from(text).toString('base64')

/** Sends bytes as the console does (a resumable upload) and names the finished upload as the product's file or preview. */
export async function attachUpload(request: APIRequestContext, origin: string, productId: string, kind: 'file' | 'preview', fileName: string, bytes: Buffer) {
  const tus = { Origin: origin, 'Tus-Resumable': '1.0.0' }
  const started = await request.post('/api/admin/uploads', {
    headers: { ...tus, 'Upload-Length': String(bytes.length), 'Upload-Metadata': `kind ${base64(kind)},filename ${base64(fileName)}` },
  })
  expect(started.status()).toBe(201)
  const location = new URL(started.headers()['location']!, origin)
  const sent = await request.patch(location.pathname, {
    headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    data: bytes,
  })
  expect(sent.status()).toBe(204)
  const named = await request.put(`/api/admin/products/${productId}/${kind}`, {
    headers: { Origin: origin },
    data: { uploadId: location.pathname.split('/').pop() },
  })
  expect(named.status()).toBe(200)
}

/**
 * A product made hidden from the console's form (the empty form with `fields` over it); with `file`,
 * its file goes up and it goes on sale, as the owner would do it. Answers the product's id.
 */
export async function createOwnerProduct(
  request: APIRequestContext,
  origin: string,
  fields: Partial<ProductForm> & Pick<ProductForm, 'name' | 'price'>,
  file: { name: string; bytes: Buffer } | null,
): Promise<string> {
  const form: ProductForm = { ...EMPTY_PRODUCT_FORM, description: `${fields.name}: recorded for this journey.`, ...fields, active: false }
  const created = await request.post('/api/admin/products', { headers: { Origin: origin }, data: { form } })
  expect(created.status()).toBe(201)
  const { id } = ((await created.json()) as { data: { id: string } }).data
  if (file) {
    await attachUpload(request, origin, id, 'file', file.name, file.bytes)
    const { version } = ((await (await request.get(`/api/admin/products/${id}`)).json()) as { data: { version: number } }).data
    const live = await request.put(`/api/admin/products/${id}`, { headers: { Origin: origin }, data: { form: { ...form, active: true }, version } })
    expect(live.status()).toBe(200)
  }
  return id
}
