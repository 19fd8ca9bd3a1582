/**
 * Errors the API answers with, always as `{ error: { message, status, code } }`, and the one
 * Fastify error handler that turns anything thrown into that shape (never a stack trace).
 */
import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { ERROR_MESSAGES } from '../../shared/contract/error-messages.ts'
import type { ApiErrorBody } from '../../shared/contract/errors.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What this route's 413 says when a body is over its `bodyLimit` (the generic sentence names neither the limit nor a way round it). */
    bodyTooLargeMessage?: string
  }
}

export class AppError extends Error {
  readonly status: number
  readonly code: string
  /** The form field the error is about, if any. */
  readonly field: string | undefined

  constructor(status: number, code: string, message: string, field?: string) {
    super(message)
    this.name = 'AppError'
    this.status = status
    this.code = code
    this.field = field
  }
}

/** An error about one field of a form: 400 unless told otherwise (409 for a value another record holds). */
export const fieldError = (field: string, message: string, status = 400) => new AppError(status, 'FIELD_ERROR', message, field)

export const notFound = (message: string, code = 'NOT_FOUND') => new AppError(404, code, message)
export const badRequest = (message: string, code = 'BAD_REQUEST') => new AppError(400, code, message)
export const unauthorized = (message = 'User not authenticated') => new AppError(401, 'UNAUTHORIZED', message)

export function errorBody(status: number, code: string, message: string, field?: string, detail?: string): ApiErrorBody {
  return { error: { message, status, code, ...(field ? { field } : {}), ...(detail ? { detail } : {}) } }
}

/**
 * A validation issue as Fastify carries it; `params.detail` is the storefront's developer detail.
 * The storefront's validator (shopperValidatorCompiler, validation.ts) makes it; declared here,
 * where it is read, since validation.ts imports this file for its errors.
 */
interface ShopperValidationIssue {
  message: string
  instancePath: string
  params: { detail?: string }
}

/** Installs the error and API not-found handlers. `fallbackMessage` names what failed. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(error.status, error.code, error.message, error.field))
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The storefront's validator (shopperValidatorCompiler) already made the message a shopper's
      // sentence and put the developer's words in params.detail.
      const issue = error.validation[0] as unknown as Partial<ShopperValidationIssue> | undefined
      const field = issue?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'request'
      const detail = issue?.params?.detail ?? `${field}: ${issue?.message ?? 'bad value'}`
      const message = issue?.params?.detail ? (issue.message ?? ERROR_MESSAGES.requestProblem) : ERROR_MESSAGES.requestProblem
      return reply.status(400).send(errorBody(400, 'VALIDATION_ERROR', message, undefined, detail))
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, bad content type).
      return reply
        .status(status)
        .send(errorBody(status, error.code ?? 'BAD_REQUEST', clientErrorMessage(error, request.routeOptions.config?.bodyTooLargeMessage)))
    }
    request.log.error({ err: error }, 'request failed')
    const message = (request.routeOptions.config as { failureMessage?: string } | undefined)?.failureMessage ?? 'Internal server error'
    return reply.status(500).send(errorBody(500, 'INTERNAL_ERROR', message))
  })
}

function clientErrorMessage(error: FastifyError, bodyTooLargeMessage: string | undefined): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is not valid JSON'
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return bodyTooLargeMessage ?? 'Request body is too large'
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type'
    default:
      return error.message
  }
}
