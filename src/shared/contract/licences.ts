/**
 * The licence certificate of an order: who holds it, for which products, under which terms,
 * and the code anyone can check it by at /licences/{code}. The check reveals no email.
 */
import { z } from 'zod'

/** What a licence lets a producer do with what they bought. */
export const LICENCE_TERMS = [
  'Royalty-free use of the sounds, MIDI and presets in music you create and release, commercially or not, on any platform.',
  'No redistribution: the raw samples, MIDI files, presets and instruments may not be shared, resold or included in another sample pack, library or product.',
  'The licence belongs to the licensee named here and is not transferable.',
] as const

export const LICENCE_MESSAGES = {
  notFound: 'No licence matches this code',
  loadFailed: 'Failed to load the licence',
} as const

export const licenceCodeParamsSchema = z.object({ code: z.string().min(1).max(100) })

export const licenceSchema = z.object({
  code: z.string(),
  orderNumber: z.string(),
  licensee: z.string(),
  /** When the order was paid, ISO 8601. */
  issuedAt: z.string(),
  products: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  terms: z.array(z.string()),
})
export type Licence = z.infer<typeof licenceSchema>

export const licenceResponseSchema = z.object({ data: licenceSchema })

/** Where a licence's certificate and its public check live. */
export const licencePagePath = (code: string) => `/licences/${encodeURIComponent(code)}`
export const licencePdfPath = (code: string) => `/api/licences/${encodeURIComponent(code)}/certificate.pdf`
