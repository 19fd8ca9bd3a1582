/**
 * The one typed fetch wrapper of the client. Every API error arrives as an ApiError carrying
 * the server's `{ error: { message, status, code } }`; callers choose what to show by its
 * status and code. A request that got no response at all (fetch threw) is status 0, code
 * NETWORK_ERROR; an error answer without our body keeps its HTTP status, code HTTP_ERROR.
 */
import type { ApiErrorBody } from '../../shared/contract/errors.ts'

/** The code of a request that got no response at all (status 0). */
const NETWORK_ERROR_CODE = 'NETWORK_ERROR'
/** The code of an error answer that did not carry the API's error body. */
const HTTP_ERROR_CODE = 'HTTP_ERROR'

export class ApiError extends Error {
  readonly status: number
  readonly code: string
  /** The form field the server's error is about, when it names one. */
  readonly field: string | undefined

  constructor(message: string, status: number, code: string, field?: string) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.field = field
  }
}

type Fetch = typeof fetch

/** The server renders pages with the same queries, answered in-process instead of over the network. */
let serverFetch: Fetch | null = null

/** Sends this client's API requests through `send` (the server's renderer, never the browser). */
export function answerApiRequestsWith(send: Fetch): void {
  serverFetch = send
}

type QueryValue = string | number | boolean | null | undefined
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>

/** The path with its query; a list is sent as the same parameter repeated (`?genre=House&genre=Techno`). */
export function withQuery(path: string, params: QueryParams = {}): string {
  const search = new URLSearchParams()
  for (const [key, given] of Object.entries(params)) {
    for (const value of Array.isArray(given) ? given : [given]) {
      if (value !== undefined && value !== null && value !== '') search.append(key, String(value))
    }
  }
  const query = search.toString()
  return query ? `${path}?${query}` : path
}

/** Calls the API and returns its JSON body; throws ApiError with the server's message. */
export async function apiRequest<T>(path: string, init: RequestInit & { json?: unknown } = {}, fallbackMessage = 'Request failed'): Promise<T> {
  const { json, headers, ...rest } = init
  let response: Response
  try {
    response = await (serverFetch ?? fetch)(path, {
      credentials: 'same-origin',
      ...rest,
      headers: { Accept: 'application/json', ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    })
  } catch {
    throw new ApiError(fallbackMessage, 0, NETWORK_ERROR_CODE)
  }
  const body: unknown = response.status === 204 ? null : await response.json().catch(() => null)
  if (!response.ok) {
    const error = (body as Partial<ApiErrorBody> | null)?.error
    throw new ApiError(error?.message ?? fallbackMessage, error?.status ?? response.status, error?.code ?? HTTP_ERROR_CODE, error?.field)
  }
  return body as T
}
