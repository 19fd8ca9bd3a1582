/**
 * POST /api/webhooks/payments: the payment provider's signed events. The body is kept as the
 * exact bytes received (the signature covers them), verified before anything is read or
 * written, then handed to the order's fulfilment (checkout sessions) or after-sale (refunds and
 * disputes). A redelivered event, or one about anything else, answers 200 and changes nothing;
 * a failure to process answers 500 so the provider retries.
 */
import type { FastifyPluginAsync } from 'fastify'
import { CHECKOUT_SERVER_MESSAGES as MESSAGES } from '../../shared/contract/checkout.ts'
import { errorBody } from '../http/errors.ts'
import { WebhookSignatureError, type PaymentEvent, type PaymentProvider } from '../payments/provider.ts'
import type { AfterSaleResult, AfterSaleService } from './after-sale.service.ts'
import type { FulfilmentService } from './fulfilment.service.ts'
import type { FulfilResult, PaidOrderFulfilment } from './fulfilment.types.ts'

export interface WebhookRouteDeps {
  /** A paid session completes its order (the fulfil-paid-order flow); an expired or failed one ends it. */
  fulfilment: PaidOrderFulfilment & Pick<FulfilmentService, 'endCheckoutSession'>
  afterSale: Pick<AfterSaleService, 'syncRefunds' | 'recordDispute'>
  payments: () => PaymentProvider
}

function isSignatureError(error: unknown): boolean {
  return error instanceof WebhookSignatureError || (error as { name?: string } | null)?.name === 'WebhookSignatureError'
}

export function paymentWebhookRoutes({ fulfilment, afterSale, payments }: WebhookRouteDeps): FastifyPluginAsync {
  return async (app) => {
    // Encapsulated: only this plugin's routes get the raw body; everywhere else JSON is parsed as usual.
    app.removeAllContentTypeParsers()
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

    app.post(
      '/api/webhooks/payments',
      {
        schema: { hide: true },
        config: { failureMessage: MESSAGES.webhookFailed },
      },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
        const header = request.headers['stripe-signature']
        let event: PaymentEvent
        try {
          event = payments().constructEvent(raw, Array.isArray(header) ? header[0] : header)
        } catch (error) {
          if (!isSignatureError(error)) throw error
          request.log.warn({ err: error }, 'payment webhook refused: bad signature')
          return reply.status(400).send(errorBody(400, 'INVALID_SIGNATURE', MESSAGES.invalidSignature))
        }
        const result = await handleEvent(event)
        // Acknowledged either way: a provider retries a refused event for days and then disables the endpoint.
        if (result) request.log.info({ eventId: event.id, type: event.type, outcome: result.outcome, orderId: result.order?.id }, 'payment event')
        else request.log.debug({ eventId: event.id, type: event.type }, 'payment event not acted on')
        return reply.status(200).send({ received: true })
      },
    )

    /** The events we act on; every other signed event is acknowledged and changes nothing. */
    function handleEvent(event: PaymentEvent): Promise<FulfilResult | AfterSaleResult> | null {
      const ref = { eventId: event.id, eventType: event.type }
      const { session, charge, refund, dispute } = event
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
          return session ? fulfilment.fulfilCheckoutSession(session, ref) : null
        case 'checkout.session.expired':
          return session ? fulfilment.endCheckoutSession(session, 'CANCELLED', ref) : null
        case 'checkout.session.async_payment_failed':
          return session ? fulfilment.endCheckoutSession(session, 'FAILED', ref) : null
        case 'charge.refunded':
          return charge ? afterSale.syncRefunds(charge.paymentIntentId, charge.orderId, ref) : null
        case 'refund.created':
        case 'refund.updated':
        case 'charge.refund.updated':
        case 'refund.failed':
          return refund ? afterSale.syncRefunds(refund.paymentIntentId, refund.metadata.orderId ?? null, ref) : null
        case 'charge.dispute.created':
        case 'charge.dispute.updated':
        case 'charge.dispute.closed':
          return dispute ? afterSale.recordDispute(dispute, ref) : null
        default:
          return null
      }
    }
  }
}
