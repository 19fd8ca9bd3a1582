/**
 * The cap on unfinished uploads, over the tus protocol as the console speaks it: a new upload is
 * refused (413 UPLOADS_FULL, in the store's error shape, nothing stored) when more uploads are
 * unfinished than the cap, or when the bytes still to come for the unfinished ones plus its own
 * would eat into the disk's reserve; finishing or cancelling an upload makes room again, and two
 * uploads started at once cannot both take the last room. The free space is given to the
 * service, except in the last test, which asks the real disk.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { afterEach, describe, expect, it } from 'vitest'
import { createUploads } from './uploads.service.ts'
import type { UploadRoomOptions } from './upload-room.ts'

const MIB = 1024 * 1024
let app: FastifyInstance | null = null
let directory = ''

afterEach(async () => {
  await app?.close()
  app = null
  rmSync(directory, { recursive: true, force: true })
})

/** A server with only the upload routes, this room, and a product file limit of `maxFileBytes`. */
async function serve(room: UploadRoomOptions, maxFileBytes = 64 * MIB): Promise<string> {
  directory = mkdtempSync(join(tmpdir(), 'als-upload-room-'))
  app = Fastify()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  const uploads = createUploads({ directory, maxFileBytes, path: '/uploads', log: app.log, room })
  await app.register(uploads.routes)
  return `${await app.listen({ port: 0, host: '127.0.0.1' })}/uploads`
}

const base64 = (text: string) => Buffer.from(text).toString('base64')
const TUS = { 'tus-resumable': '1.0.0' }

/** Starts an upload of `size` bytes; answers its status, its URL and the error the server gave. */
async function create(endpoint: string, size: number) {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { ...TUS, 'upload-length': String(size), 'upload-metadata': `kind ${base64('file')},filename ${base64('pack.zip')}` },
  })
  const text = await response.text()
  return {
    status: response.status,
    url: new URL(response.headers.get('location') ?? '.', endpoint).href,
    error: text ? (JSON.parse(text) as { error: { message: string; status: number; code: string } }).error : null,
  }
}

const send = (url: string, bytes: number) =>
  fetch(url, { method: 'PATCH', headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, body: Buffer.alloc(bytes, 7) })
const cancel = (url: string) => fetch(url, { method: 'DELETE', headers: TUS })
const uploadsOnDisk = () => readdirSync(directory).filter((name) => !name.endsWith('.json')).length

describe('the room for unfinished uploads', () => {
  it('refuses an upload past the cap on unfinished uploads, and takes it once one is finished or cancelled', async () => {
    const endpoint = await serve({ maxUnfinished: 3, freeBytes: async () => 100 * 1024 * MIB })
    const started = [await create(endpoint, 100), await create(endpoint, 100), await create(endpoint, 100)]
    expect(started.map((upload) => upload.status)).toEqual([201, 201, 201])

    const fourth = await create(endpoint, 100)
    expect(fourth).toMatchObject({
      status: 413,
      error: {
        status: 413,
        code: 'UPLOADS_FULL',
        message:
          '3 uploads are unfinished, the most the store keeps at once: finish or cancel one of them first (an abandoned upload expires a day after it started)',
      },
    })
    expect(uploadsOnDisk()).toBe(3)

    expect((await send(started[0]!.url, 100)).status).toBe(204)
    expect((await create(endpoint, 100)).status).toBe(201)
    expect((await create(endpoint, 100)).status).toBe(413)
    expect((await cancel(started[1]!.url)).status).toBe(204)
    expect((await create(endpoint, 100)).status).toBe(201)
  })

  it('keeps twenty unfinished uploads at most: the 21st is refused, and cancelling one frees its place at once', async () => {
    const endpoint = await serve({ freeBytes: async () => 100 * 1024 * MIB })
    const started = []
    for (let n = 0; n < 20; n++) started.push(await create(endpoint, 100))
    expect(started.map((upload) => upload.status)).toEqual(Array.from({ length: 20 }, () => 201))

    expect(await create(endpoint, 100)).toMatchObject({
      status: 413,
      error: {
        code: 'UPLOADS_FULL',
        message:
          '20 uploads are unfinished, the most the store keeps at once: finish or cancel one of them first (an abandoned upload expires a day after it started)',
      },
    })
    expect((await cancel(started[7]!.url)).status).toBe(204)
    expect((await create(endpoint, 100)).status).toBe(201)
    expect((await create(endpoint, 100)).status).toBe(413)
  })

  it('does not count an upload once it is finished or cancelled, even when that happens before the next one starts', async () => {
    const endpoint = await serve({ freeBytes: async () => 100 * 1024 * MIB })
    const statuses: number[] = []
    for (let n = 0; n < 50; n++) {
      const upload = await create(endpoint, 100)
      statuses.push(upload.status)
      if (upload.status !== 201) break
      // Half are finished and left for a product to take, half are cancelled.
      if (n % 2 === 0) expect((await send(upload.url, 100)).status).toBe(204)
      else expect((await cancel(upload.url)).status).toBe(204)
    }
    expect(statuses).toEqual(Array.from({ length: 50 }, () => 201))
    expect(uploadsOnDisk()).toBe(25)
  })

  it('counts the bytes still to come for unfinished uploads against the free space less the reserve', async () => {
    // 3 MiB free, 1 MiB kept: 2 MiB for uploads.
    const endpoint = await serve({ reserveBytes: MIB, freeBytes: async () => 3 * MIB })
    const big = await create(endpoint, 1.5 * MIB)
    expect(big.status).toBe(201)

    // 1 MiB alone would fit; with the 1.5 MiB the first upload still expects, it does not.
    expect(await create(endpoint, MIB)).toMatchObject({
      status: 413,
      error: {
        code: 'UPLOADS_FULL',
        message:
          'The server has no room for this 1.0 MB upload (3.0 MB free on its disk, 1.0 MB kept in reserve, 1.5 MB still to come for 1 unfinished upload): finish or cancel other uploads first, or free disk space on the server',
      },
    })
    expect(uploadsOnDisk()).toBe(1)
    expect((await create(endpoint, 0.5 * MIB)).status).toBe(201)

    expect((await cancel(big.url)).status).toBe(204)
    expect((await create(endpoint, MIB)).status).toBe(201)
  })

  it('lets only one of two uploads started at once take the last room', async () => {
    const endpoint = await serve({ reserveBytes: MIB, freeBytes: async () => 3 * MIB })
    const both = await Promise.all([create(endpoint, 1.5 * MIB), create(endpoint, 1.5 * MIB)])
    expect(both.map((upload) => upload.status).sort()).toEqual([201, 413])
    expect(uploadsOnDisk()).toBe(1)
  })

  it('asks the real disk by default: an upload larger than its free space is refused', async () => {
    const endpoint = await serve({}, 2 ** 52)
    const huge = await create(endpoint, 2 ** 52)
    expect(huge).toMatchObject({
      status: 413,
      error: {
        code: 'UPLOADS_FULL',
        message: expect.stringMatching(/^The server has no room for this 4194304\.0 GB upload \([\d.]+ [GM]B free on its disk, 1\.0 GB kept in reserve\)/),
      },
    })
    expect(uploadsOnDisk()).toBe(0)
    expect((await create(endpoint, 100)).status).toBe(201)
  })
})
