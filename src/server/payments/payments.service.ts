/**
 * What the rest of the store asks of payments beyond the provider seam (provider.ts):
 * remembering which provider events were already processed, so a redelivered event changes
 * nothing. Choosing the provider (create-provider.ts) and the built-in provider's webhook
 * worker are wired by app.ts and main.ts.
 */
import type { Executor } from '../db/client.ts'
import { processedPaymentEvents } from './payments.schema.ts'

/** Records the event in the caller's transaction, with what the event changed; false when it was recorded before (a redelivery). */
export async function recordProcessedEvent(tx: Executor, eventId: string, type: string): Promise<boolean> {
  const inserted = await tx
    .insert(processedPaymentEvents)
    .values({ eventId, type })
    .onConflictDoNothing()
    .returning({ eventId: processedPaymentEvents.eventId })
  return inserted.length > 0
}
