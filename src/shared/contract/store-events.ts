/**
 * The store's own visit counting: a product page seen and a product added to a cart, sent by the
 * storefront as anonymous counts (a kind and nothing else: no visitor, address or product), and
 * the owner's funnel built from them and from the orders.
 */
import { z } from 'zod'

export const STORE_EVENT_KINDS = ['product_view', 'cart_add'] as const
export type StoreEventKind = (typeof STORE_EVENT_KINDS)[number]

export const storeEventRequestSchema = z.object({ kind: z.enum(STORE_EVENT_KINDS) }).strict()

/** The periods the dashboard offers, in days ending today (UTC). */
export const FUNNEL_PERIODS = [1, 7, 30, 90] as const
export type FunnelPeriod = (typeof FUNNEL_PERIODS)[number]

export const funnelQuerySchema = z
  .object({
    days: z.coerce
      .number()
      .int()
      .refine((days): days is FunnelPeriod => (FUNNEL_PERIODS as readonly number[]).includes(days), {
        message: `Choose a period of ${FUNNEL_PERIODS.join(', ')} days`,
      })
      .default(30),
  })
  .strict()

export const funnelSchema = z.object({
  /** The first and last day counted (UTC), `YYYY-MM-DD`. */
  from: z.string(),
  to: z.string(),
  productViews: z.number().int(),
  cartAdds: z.number().int(),
  /** Checkouts begun: orders created, free claims left out. */
  checkoutsStarted: z.number().int(),
  /** Orders paid in the period, free claims left out. */
  paidOrders: z.number().int(),
})
export type Funnel = z.infer<typeof funnelSchema>
export const funnelResponseSchema = z.object({ data: funnelSchema })
