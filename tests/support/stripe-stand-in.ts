/**
 * A local HTTP server standing in for api.stripe.com, for the Stripe provider's tests: it
 * records every request the stripe SDK really makes (method, path, query, the form-encoded body
 * flattened as Stripe encodes it, the key and the idempotency key) and answers with what the
 * test's `answer` returns. A provider reaches it through `api` (StripeProviderOptions).
 */
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedRequest {
  method: string
  path: string
  query: URLSearchParams
  /** The form-encoded body, flattened as Stripe encodes it: `line_items[0][price_data][unit_amount]`. */
  form: Record<string, string>
  authorization: string | undefined
  idempotencyKey: string | undefined
}

export type StandInAnswer = (request: RecordedRequest) => [status: number, body: unknown]

export interface StripeStandIn {
  /** Every request so far, in order; a test empties it with `requests.length = 0`. */
  requests: RecordedRequest[]
  /** What StripeProviderOptions.api needs to reach the stand-in. */
  api: { host: string; port: number; protocol: 'http' }
  close: () => Promise<void>
}

/** A checkout.session object as Stripe answers it, with the fields a test gives. */
export function stripeSession(fields: Record<string, unknown>) {
  return {
    object: 'checkout.session',
    url: null,
    client_secret: null,
    status: 'open',
    payment_status: 'unpaid',
    currency: 'usd',
    customer_email: null,
    metadata: {},
    payment_intent: null,
    ...fields,
  }
}

/** The `metadata[key]` entries of a form as an object. */
export function metadataOf(form: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(form)
      .filter(([key]) => key.startsWith('metadata['))
      .map(([key, value]) => [key.slice(9, -1), value]),
  )
}

/** Stripe's answer for an id it does not know. */
export function resourceMissing(path: string): [number, unknown] {
  return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${path.split('/').pop()}'` } }]
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export async function startStripeStandIn(answer: StandInAnswer): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = []
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      form: Object.fromEntries(new URLSearchParams(await readBody(request))),
      authorization: request.headers.authorization,
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
    }
    requests.push(recorded)
    const [status, body] = answer(recorded)
    response.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${requests.length}` }).end(JSON.stringify(body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    requests,
    api: { host: '127.0.0.1', port, protocol: 'http' },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
