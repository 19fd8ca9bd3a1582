/**
 * The store's health at a glance on the owner's dashboard: the mail outbox, the payment webhook
 * deliveries and the periodic jobs, each green, amber or red with what to do when it is not green.
 */
import { z } from 'zod'

export const healthLevelSchema = z.enum(['green', 'amber', 'red'])
export type HealthLevel = z.infer<typeof healthLevelSchema>

const healthCheckSchema = z.object({
  level: healthLevelSchema,
  /** One line on the state, with its figures. */
  summary: z.string(),
  /** What the owner does about it; empty when green. */
  action: z.string(),
})
export type HealthCheck = z.infer<typeof healthCheckSchema>

export const healthResponseSchema = z.object({
  data: z.object({
    outbox: healthCheckSchema.extend({ queued: z.number().int(), failed: z.number().int(), oldestUnsentAt: z.string().nullable() }),
    webhooks: healthCheckSchema.extend({ retrying: z.number().int(), failed: z.number().int() }),
    jobs: z.array(healthCheckSchema.extend({ job: z.string(), lastRunAt: z.string().nullable(), outcome: z.string().nullable() })),
  }),
})
export type HealthReport = z.infer<typeof healthResponseSchema>['data']
