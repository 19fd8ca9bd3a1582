/** The owner's exports: a CSV file the browser saves under its name rather than shows. */
import contentDisposition from 'content-disposition'
import type { FastifyReply } from 'fastify'
import type { Readable } from 'node:stream'

export function sendCsvFile(reply: FastifyReply, fileName: string, csv: string | Readable) {
  return reply.type('text/csv; charset=utf-8').header('Content-Disposition', contentDisposition(fileName)).send(csv)
}
