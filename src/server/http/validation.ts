/**
 * Turns a route's attached schema-validation error into the API's 400 with the schema's own
 * text ("Please enter a valid email address", "Name is required"), for forms whose messages
 * are shown to people as they are, without the generic "Invalid <field>:" prefix.
 */
import type { FastifyRequest } from 'fastify'
import { badRequest } from './errors.ts'

/** Throws the first validation issue of a route declared with `attachValidation: true`. */
export function rejectInvalidInput(request: FastifyRequest): void {
  const error = request.validationError
  if (!error) return
  const issue = (error as { validation?: Array<{ message?: string }> }).validation?.[0]
  throw badRequest(issue?.message ?? error.message, 'VALIDATION_ERROR')
}
