/**
 * Turns a route's attached schema-validation error into the API's 400 with the schema's own
 * text ("Please enter a valid email address", "Name is required"), for forms whose messages
 * are shown to people as they are, without the generic "Invalid <field>:" prefix.
 *
 * `checkInputStrictly` does the same for every route of a plugin (the owner's API): zod's own
 * words ("Invalid input: expected number") are replaced by words naming the field ("limit must
 * be a number", "Unknown field \"colour\" in form"), and the error carries the field.
 *
 * `shopperValidatorCompiler` is the storefront's: a schema's own words are the shopper's
 * sentence ("Search terms can be at most 200 characters"); an issue the schema gave no words
 * of its own answers ERROR_MESSAGES.requestProblem, and the words naming the field go to the
 * error's `detail`, for developers.
 */
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify'
import type { z } from 'zod'
import { ERROR_MESSAGES } from '../../shared/contract/error-messages.ts'
import { AppError, badRequest } from './errors.ts'

/** Throws the first validation issue of a route declared with `attachValidation: true`. */
export function rejectInvalidInput(request: FastifyRequest): void {
  const error = request.validationError
  if (!error) return
  const issue = (error as { validation?: Array<{ message?: string }> }).validation?.[0]
  throw badRequest(issue?.message ?? error.message, 'VALIDATION_ERROR')
}

const PARTS: Record<string, string> = { body: 'The request body', querystring: 'The query string', params: 'The address', headers: 'The headers' }
const EXPECTED: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  string: 'text',
  object: 'an object',
  array: 'a list',
}

/** `form.types[2]` for the path ['form', 'types', 2]. */
function labelOf(path: readonly PropertyKey[]): string {
  return path.map((segment, index) => (typeof segment === 'number' ? `[${segment}]` : `${index > 0 ? '.' : ''}${String(segment)}`)).join('')
}

type RawIssue = z.core.$ZodRawIssue & { path?: PropertyKey[]; input?: unknown }

/** A sentence naming the field, for an issue the schema gave no words of its own. */
function describeIssue(issue: RawIssue, part = 'body'): string {
  const path = issue.path ?? []
  const label = path.length > 0 ? labelOf(path) : (PARTS[part] ?? 'The request')
  const facts = issue as unknown as Record<string, unknown>
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `${label} is required`
      return `${label} must be ${EXPECTED[String(facts.expected)] ?? String(facts.expected)}`
    case 'invalid_value': {
      const values = (facts.values as unknown[]).map(String)
      return values.length === 1 ? `${label} must be ${values[0]}` : `${label} must be one of ${values.join(', ')}`
    }
    case 'unrecognized_keys': {
      const keys = (facts.keys as string[]).map((key) => `"${key}"`).join(', ')
      return `Unknown field${(facts.keys as string[]).length > 1 ? 's' : ''} ${keys}${path.length > 0 ? ` in ${label}` : ''}`
    }
    case 'too_small':
    case 'too_big': {
      const bound = String(issue.code === 'too_small' ? facts.minimum : facts.maximum)
      const side = issue.code === 'too_small' ? 'at least' : 'at most'
      if (facts.origin === 'string') return `${label} must be ${side} ${bound} characters`
      if (facts.origin === 'array' || facts.origin === 'set') return `${label} must hold ${side} ${bound} items`
      return `${label} must be ${side} ${bound}`
    }
    case 'invalid_format':
      if (facts.format === 'uuid' || facts.format === 'guid') return `${label} must be a record id (UUID)`
      if (facts.format === 'email') return `${label} must be an email address`
      return `${label} is not in the expected form`
    default:
      return `${label} is not valid`
  }
}

/** Marks an issue's message as the validator's own words rather than the schema's (never in a schema's text). */
const NO_OWN_WORDS = '\u0000'

/** fastify-type-provider-zod's validator for the storefront: the shopper's sentence as the message, the field's words as the detail (errors.ts reads them back as a ShopperValidationIssue). */
export const shopperValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data, { error: (issue) => NO_OWN_WORDS + describeIssue(issue as RawIssue, httpPart) })
    if (result.success) return { value: result.data }
    return {
      error: result.error.issues.map((issue) => {
        const own = !issue.message.startsWith(NO_OWN_WORDS)
        const words = own ? issue.message : issue.message.slice(NO_OWN_WORDS.length)
        const path = issue.path.map(String).join('.')
        return {
          [Symbol.for('ZodFastifySchemaValidationError')]: true,
          keyword: issue.code,
          instancePath: `/${issue.path.join('/')}`,
          schemaPath: `#/${issue.path.join('/')}/${issue.code}`,
          message: own ? issue.message : ERROR_MESSAGES.requestProblem,
          params: { detail: path && !words.startsWith(path) ? `${path}: ${words}` : words },
        }
      }),
    }
  }

/** The form field an issue is about: the body's `form.price` is the form's `price`. */
function fieldOf(instancePath: string | undefined): string | undefined {
  const segments = (instancePath ?? '').split('/').filter(Boolean)
  const named = segments[0] === 'form' && segments.length > 1 ? segments[1] : segments[0]
  return named && !/^\d+$/.test(named) ? named : undefined
}

/** fastify-type-provider-zod's validator, parsing with `describeIssue` for zod's default words. */
const fieldNamingValidator: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data, { error: (issue) => describeIssue(issue as RawIssue, httpPart) })
    if (result.success) return { value: result.data }
    return {
      error: result.error.issues.map((issue) => ({
        [Symbol.for('ZodFastifySchemaValidationError')]: true,
        keyword: issue.code,
        instancePath: `/${issue.path.join('/')}`,
        schemaPath: `#/${issue.path.join('/')}/${issue.code}`,
        message: issue.message,
        params: {},
      })),
    }
  }

/** Refuses the first issue of the request's validation with its words and its field. */
function rejectInvalidField(request: FastifyRequest): void {
  const error = request.validationError
  if (!error) return
  const issue = (error as { validation?: Array<{ message?: string; instancePath?: string }> }).validation?.[0]
  throw new AppError(400, 'VALIDATION_ERROR', issue?.message ?? error.message, fieldOf(issue?.instancePath))
}

/** Every route registered in `app` (and the plugins inside it) answers bad input with a 400 naming the field. */
export function checkInputStrictly(app: FastifyInstance): void {
  app.setValidatorCompiler(fieldNamingValidator)
  app.addHook('onRoute', (route) => {
    route.attachValidation = true
  })
  app.addHook('preHandler', async (request) => rejectInvalidField(request))
}
