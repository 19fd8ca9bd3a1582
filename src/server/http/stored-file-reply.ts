/**
 * Answers GET or HEAD with a stored file: its validators (ETag, Last-Modified), Accept-Ranges,
 * and the whole file or the one byte range asked for (206; 416 past the end; If-Range sends the
 * whole current file when the client's copy is another version). The bytes are streamed from
 * storage, never buffered. The caller sets Content-Type, Content-Disposition and Cache-Control.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FileStorage, StoredFileInfo } from '../storage/file-storage.ts'
import { contentRange, decideRange, ifRangeMatches } from './http-range.ts'

export function sendStoredFile(request: FastifyRequest, reply: FastifyReply, storage: FileStorage, key: string, info: StoredFileInfo): FastifyReply {
  reply.header('Accept-Ranges', 'bytes').header('ETag', info.etag).header('Last-Modified', info.modifiedAt.toUTCString())

  const rangeHeader = request.headers.range
  const ifRange = typeof request.headers['if-range'] === 'string' ? request.headers['if-range'] : undefined
  const decision = rangeHeader && ifRangeMatches(ifRange, info) ? decideRange(rangeHeader, info.size) : { kind: 'full' as const }

  if (decision.kind === 'unsatisfiable') {
    return reply.status(416).header('Content-Range', `bytes */${info.size}`).header('Content-Type', 'text/plain; charset=utf-8').send('Range Not Satisfiable')
  }
  const range = decision.kind === 'partial' ? decision.range : null
  if (range) reply.status(206).header('Content-Range', contentRange(range, info.size))
  reply.header('Content-Length', String(range ? range.end - range.start + 1 : info.size))
  if (request.method === 'HEAD') return reply.send()
  // An empty file has no byte range to read (fs would read end=-1 as "to the end").
  if (info.size === 0) return reply.send('')
  return reply.send(storage.createReadStream(key, range ?? { start: 0, end: info.size - 1 }))
}
