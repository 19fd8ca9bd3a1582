/**
 * Resumable uploads for the owner's product files, covers and previews, over the tus protocol
 * (@tus/server with its file store under DATA_DIR/uploads). The browser sends the file in chunks
 * and, after a dropped connection, asks how far it got and goes on from there; bytes go straight
 * to disk, never into memory. An upload says what it is for (`kind`) and its length when it is
 * created, so a file over its kind's limit or with the wrong extension is refused before a byte
 * is stored; so is one the disk has no room for, counting what unfinished uploads still expect
 * (upload-room.ts). A finished upload is only a file on disk: the owner's product routes take it
 * (`finished`) and then `discard` it; one left unattached expires after a day.
 */
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { extname } from 'node:path'
import type { FileStore } from '@tus/file-store'
import type { Server, Upload } from '@tus/server'
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { tooLargeMessage, UPLOAD_KINDS, UPLOAD_RULES, type UploadKind } from '../../shared/contract/uploads.ts'
import { AppError } from '../http/errors.ts'
import { createUploadRoom, UploadsFullError, type UploadRoomOptions } from './upload-room.ts'

const UPLOAD_ID = /^[0-9a-f]{32}$/
const MAX_FILE_NAME = 255
const EXPIRY_MS = 24 * 60 * 60 * 1000
const SWEEP_MS = 60 * 60 * 1000
/** The first sweep waits for the store to have started: nothing expires in a minute. */
const FIRST_SWEEP_MS = 60 * 1000

export interface FinishedUpload {
  id: string
  kind: UploadKind
  /** The name the owner's file had. */
  fileName: string
  size: number
  /** Where its bytes are on this machine. */
  path: string
}

export interface UploadsOptions {
  directory: string
  /** MAX_UPLOAD_BYTES: the largest product file. */
  maxFileBytes: number
  /** Where the routes live: /api/admin/uploads. */
  path: string
  log: FastifyBaseLogger
  /** The cap on unfinished uploads (upload-room.ts); its defaults suit the store. */
  room?: UploadRoomOptions
}

const errorBody = (status: number, code: string, message: string) => ({ status_code: status, body: JSON.stringify({ error: { message, status, code } }) })

export function createUploads({ directory, maxFileBytes, path, log, room: roomOptions }: UploadsOptions) {
  const limitOf = (kind: UploadKind) => (kind === 'file' ? maxFileBytes : UPLOAD_RULES[kind].maxBytes)
  // tus and its file store (some forty modules) are loaded by the first upload or sweep, not by every start-up.
  let loading: Promise<{ datastore: FileStore; tus: Server }> | null = null
  const loadTus = () =>
    (loading ??= Promise.all([import('@tus/file-store'), import('@tus/server')]).then(([{ FileStore }, { Server }]) => {
      const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: EXPIRY_MS })
      return { datastore, tus: createTusServer(Server, datastore) }
    }))

  function createTusServer(TusServer: typeof Server, datastore: FileStore): Server {
    const room = createUploadRoom({ directory, datastore, expiryMs: EXPIRY_MS, ...roomOptions })
    const tus = new TusServer({
      path,
      datastore,
      relativeLocation: true,
      maxSize: maxFileBytes,
      disableTerminationForFinishedUploads: false,
      async onUploadCreate(_request, upload) {
        const kind = upload.metadata?.kind
        const fileName = upload.metadata?.filename?.trim()
        if (!kind || !(UPLOAD_KINDS as readonly string[]).includes(kind))
          throw errorBody(400, 'INVALID_UPLOAD', `Say what the upload is for: one of ${UPLOAD_KINDS.join(', ')}`)
        const rule = UPLOAD_RULES[kind as UploadKind]
        if (!fileName) throw errorBody(400, 'INVALID_UPLOAD', 'The upload must carry its file name')
        if (fileName.length > MAX_FILE_NAME) throw errorBody(400, 'INVALID_UPLOAD', `The file name must be at most ${MAX_FILE_NAME} characters`)
        if (upload.sizeIsDeferred || upload.size === undefined) throw errorBody(400, 'INVALID_UPLOAD', 'The upload must say its length before it starts')
        if (upload.size === 0) throw errorBody(400, 'EMPTY_FILE', `The ${rule.label.toLowerCase()} is empty`)
        if (upload.size > limitOf(kind as UploadKind))
          throw errorBody(413, 'UPLOAD_TOO_LARGE', tooLargeMessage(kind as UploadKind, limitOf(kind as UploadKind)))
        if (rule.extensions && !rule.extensions.includes(extname(fileName).toLowerCase())) throw errorBody(415, 'UNSUPPORTED_FILE_TYPE', rule.typeMessage)
        // Last: an admitted upload holds its room until it is finished, cancelled or expired.
        try {
          await room.admit(upload.id, upload.size)
        } catch (error) {
          if (error instanceof UploadsFullError) throw errorBody(413, 'UPLOADS_FULL', error.message)
          throw error
        }
        return {}
      },
      // tus's own refusals are plain text; the console reads every error in the store's JSON shape.
      async onResponseError(_request, error) {
        const { status_code: status = 500, body = '' } = error as { status_code?: number; body?: string }
        if (body.startsWith('{')) return { status_code: status, body }
        if (status === 413) return errorBody(413, 'UPLOAD_TOO_LARGE', tooLargeMessage('file', maxFileBytes))
        if (status >= 500) log.error({ err: error }, 'Upload failed')
        return errorBody(
          status,
          status >= 500 ? 'UPLOAD_FAILED' : 'INVALID_UPLOAD',
          status >= 500 ? 'The upload failed on the server; try again' : body.trim() || 'The upload was refused',
        )
      },
    })
    // Its info file is written: the room reads it from the store's folder from now on.
    tus.on('POST_CREATE', (_request, upload) => room.created(upload.id))
    return tus
  }

  async function remove(id: string): Promise<void> {
    try {
      await (await loadTus()).datastore.remove(id)
    } catch (error) {
      log.warn({ err: error, uploadId: id }, 'Could not remove an upload')
    }
  }

  const sweep = async () => {
    try {
      // The file store creates its directory without waiting: it may not be there yet.
      await mkdir(directory, { recursive: true })
      const removed = await (await loadTus()).tus.cleanUpExpiredUploads()
      if (removed > 0) log.info({ removed }, 'Removed unfinished uploads older than a day')
    } catch (error) {
      log.warn({ err: error }, 'Could not sweep expired uploads')
    }
  }

  return {
    /** The tus endpoints: create, resume (HEAD), send (PATCH), cancel (DELETE). Register inside the admin guard. */
    routes: (async (app) => {
      // The body is tus's to read, as a stream: Fastify must not parse or buffer it.
      app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null))
      const handle = async (request: { raw: import('node:http').IncomingMessage }, reply: { hijack(): void; raw: import('node:http').ServerResponse }) => {
        const { tus } = await loadTus()
        reply.hijack()
        await tus.handle(request.raw, reply.raw)
      }
      const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema }
      // The id tus gave the upload; the bytes and offsets are tus's to check.
      const params = z.object({ uploadId: z.string().regex(UPLOAD_ID, 'uploadId must be the id of an upload (32 hex digits)') })
      app.post(
        path,
        {
          schema: {
            tags: ['admin'],
            summary: 'Start a resumable upload (tus): Upload-Length and Upload-Metadata kind, filename',
            response: { 201: z.null(), ...errors },
          },
        },
        handle,
      )
      app.patch(
        `${path}/:uploadId`,
        { schema: { tags: ['admin'], summary: 'Send the next bytes of an upload at Upload-Offset (tus)', params, response: { 204: z.null(), ...errors } } },
        handle,
      )
      app.delete(
        `${path}/:uploadId`,
        { schema: { tags: ['admin'], summary: 'Cancel an upload and remove its bytes (tus)', params, response: { 204: z.null(), ...errors } } },
        handle,
      )
      // HEAD answers how far an upload got, with no body; the OpenAPI document leaves it out as it leaves out every HEAD.
      app.head(`${path}/:uploadId`, { schema: { hide: true } }, handle)
    }) satisfies FastifyPluginAsync,

    /** The finished upload of this kind, or a 400 the owner can act on. */
    async finished(id: string, kind: UploadKind): Promise<FinishedUpload> {
      let upload: Upload
      try {
        if (!UPLOAD_ID.test(id)) throw new Error('malformed id')
        upload = await (await loadTus()).datastore.getUpload(id)
      } catch {
        throw new AppError(400, 'UPLOAD_NOT_FOUND', 'That upload was not found: it may have expired. Choose the file again.', 'uploadId')
      }
      if (upload.metadata?.kind !== kind)
        throw new AppError(400, 'UPLOAD_NOT_FOUND', `That upload is not a ${UPLOAD_RULES[kind].label.toLowerCase()}`, 'uploadId')
      if (upload.size === undefined || upload.offset !== upload.size)
        throw new AppError(409, 'UPLOAD_INCOMPLETE', 'The upload has not finished yet', 'uploadId')
      return { id, kind, fileName: upload.metadata?.filename ?? 'file', size: upload.size, path: join(directory, id) }
    },

    /** Removes a taken (or refused) upload's bytes. */
    discard: remove,

    /** Removes unfinished uploads older than a day a minute after start-up, then every hour; returns the stop function. */
    startSweeping(): () => void {
      let timer = setTimeout(function sweepNow() {
        void sweep()
        timer = setTimeout(sweepNow, SWEEP_MS)
        timer.unref()
      }, FIRST_SWEEP_MS)
      timer.unref()
      return () => clearTimeout(timer)
    },
  }
}

export type Uploads = ReturnType<typeof createUploads>
