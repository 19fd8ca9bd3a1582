/**
 * What a shopper reads for a failed storefront request, chosen by its status and code, never
 * by scanning its words. The store's own answers carry a sentence in `message` (a 400's
 * validation text is written for shoppers by the server, a 500 names what failed), so those
 * are shown as they are. What is not ours to word is replaced: no response at all, an answer
 * without our error body (a proxy's page) and Fastify's protocol errors (malformed JSON, a bad
 * content type), whose words are for developers.
 */
import { ERROR_MESSAGES } from '../../shared/contract/error-messages.ts'
import { ApiError } from './http.ts'

/** Codes whose words are for developers, mapped to what a shopper reads instead. */
const BY_CODE: ReadonlyMap<string, string> = new Map([
  ['NETWORK_ERROR', ERROR_MESSAGES.noConnection],
  ['FST_ERR_CTP_INVALID_JSON_BODY', ERROR_MESSAGES.requestProblem],
  ['FST_ERR_CTP_EMPTY_JSON_BODY', ERROR_MESSAGES.requestProblem],
  ['FST_ERR_CTP_INVALID_MEDIA_TYPE', ERROR_MESSAGES.requestProblem],
  ['FST_ERR_CTP_BODY_TOO_LARGE', ERROR_MESSAGES.requestProblem],
])

/** The sentence for `error`; `fallback` (the spec's "Failed to fetch products", …) when the answer says nothing a shopper can read. */
export function shopperErrorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback
  const byCode = BY_CODE.get(error.code)
  if (byCode) return byCode
  // HTTP_ERROR: an answer without our body, so its text is the fallback the caller passed in.
  if (error.code === 'HTTP_ERROR') return fallback
  return error.message.trim() || fallback
}
