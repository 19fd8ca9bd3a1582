/**
 * One line per answered request in the log: "request completed" with the request (method,
 * redacted URL, address, id), its status and how long it took. Fastify writes an "incoming
 * request" line before it too; each line is a JSON serialisation and a write, which cost an
 * answer from the catalog cache as much as the answer itself, so that one is left out. Errors
 * are logged as Fastify logs them ("request errored"), and by the error handler ("request failed"):
 * neither line names the address. Fastify's own "route not found" line does, and shows it as the
 * request line does, without its secrets.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'
import { redactUrl } from './log-redaction.ts'

export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error || this.isLogDisabled(request)) return super.requestCompleted(error, request, reply)
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed')
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return
    request.log.info(`Route ${request.method}:${redactUrl(request.url)} not found`)
  }
}
