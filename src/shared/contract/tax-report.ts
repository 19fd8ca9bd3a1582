/**
 * The owner's tax report: for a calendar quarter (`2026-Q4`) or any run of days, the tax
 * collected per country (and region where it has one) and rate, net of refunds, read from the
 * invoices and credit notes issued in it, as an EU OSS or a UK VAT return asks for it. Quarters
 * and days are UTC, as the rest of the owner's reports. The console picks a quarter with the
 * functions below; the CSV carries the same rows.
 */
import { z } from 'zod'
import { isCalendarDate, optionalCalendarDate } from './strict-input.ts'

const QUARTER = /^(\d{4})-Q([1-4])$/
/** The earliest year a quarter may name: nothing the store sold can be older. */
const FIRST_YEAR = 2000

export const TAX_REPORT_MESSAGES = {
  quarter: 'Choose a quarter written as its year and number, like 2026-Q4',
  period: 'Choose a quarter, or a first and a last day',
  both: 'Choose either a quarter or a first and last day, not both',
  order: 'The last day must not be before the first',
} as const

export interface Quarter {
  year: number
  /** 1 to 4. */
  quarter: number
}

/** `2026-Q4` → { year: 2026, quarter: 4 }; anything else (`2026-Q5`, `2026Q4`, `Q4-2026`) → null. */
export function parseQuarter(text: string): Quarter | null {
  const match = QUARTER.exec(text)
  if (!match) return null
  const year = Number(match[1])
  return year >= FIRST_YEAR ? { year, quarter: Number(match[2]) } : null
}

export const quarterLabel = ({ year, quarter }: Quarter) => `${year}-Q${quarter}`

/** The quarter a moment falls in (UTC). */
export function quarterOf(moment: Date): Quarter {
  return { year: moment.getUTCFullYear(), quarter: Math.floor(moment.getUTCMonth() / 3) + 1 }
}

/** This quarter and the `count - 1` before it, newest first: what the console offers. */
export function recentQuarters(now: Date, count: number): Quarter[] {
  const { year, quarter } = quarterOf(now)
  const index = year * 4 + (quarter - 1)
  return Array.from({ length: count }, (_, back) => ({ year: Math.floor((index - back) / 4), quarter: ((index - back) % 4) + 1 }))
}

const day = (date: Date) => date.toISOString().slice(0, 10)

/** The days a report covers, first and last inclusive (`YYYY-MM-DD`, UTC), and what the CSV's name calls them. */
export interface TaxReportPeriod {
  label: string
  firstDay: string
  lastDay: string
}

export function quarterPeriod(quarter: Quarter): TaxReportPeriod {
  const start = Date.UTC(quarter.year, (quarter.quarter - 1) * 3, 1)
  const end = Date.UTC(quarter.year, quarter.quarter * 3, 1)
  return { label: quarterLabel(quarter), firstDay: day(new Date(start)), lastDay: day(new Date(end - 24 * 60 * 60_000)) }
}

/** The period a query asks for; the schema below has already refused anything else. */
export function taxReportPeriod(query: TaxReportQuery): TaxReportPeriod {
  const quarter = query.quarter ? parseQuarter(query.quarter) : null
  if (quarter) return quarterPeriod(quarter)
  const firstDay = query.from!
  const lastDay = query.to!
  return { label: `${firstDay}-to-${lastDay}`, firstDay, lastDay }
}

export const taxReportQuerySchema = z
  .object({
    quarter: z
      .string({ error: TAX_REPORT_MESSAGES.quarter })
      .trim()
      .refine((text) => text === '' || parseQuarter(text) !== null, TAX_REPORT_MESSAGES.quarter)
      .optional(),
    /** First day, inclusive (UTC). */
    from: optionalCalendarDate('from'),
    /** Last day, inclusive (UTC). */
    to: optionalCalendarDate('to'),
  })
  .superRefine((query, context) => {
    const days = query.from !== undefined || query.to !== undefined
    if (query.quarter && days) context.addIssue({ code: 'custom', path: ['quarter'], message: TAX_REPORT_MESSAGES.both })
    else if (!query.quarter && (!query.from || !query.to)) context.addIssue({ code: 'custom', path: ['quarter'], message: TAX_REPORT_MESSAGES.period })
    else if (query.from && query.to && isCalendarDate(query.from) && query.from > query.to)
      context.addIssue({ code: 'custom', path: ['to'], message: TAX_REPORT_MESSAGES.order })
  })
export type TaxReportQuery = z.infer<typeof taxReportQuerySchema>

const figures = {
  /** Invoices less credit notes, in cents: a period whose refunds outweigh its sales is negative. */
  netCents: z.number().int(),
  taxCents: z.number().int(),
  grossCents: z.number().int(),
  /** Invoices issued in the period. */
  invoices: z.number().int(),
  /** Credit notes issued in the period (their invoice may be older). */
  creditNotes: z.number().int(),
}

/** One line of the return: a place, a rate and a tax name, in one currency. */
export const taxReportRowSchema = z.object({
  /** ISO alpha-2 of where the buyer was taxed; null when the store charged a flat estimate. */
  country: z.string().nullable(),
  /** The province or state when the rate depends on it, else null. */
  region: z.string().nullable(),
  rateBasisPoints: z.number().int(),
  /** The tax's name on the invoices: "VAT", "GST", "Estimated tax (8%)". */
  taxLabel: z.string(),
  /** Sales to businesses that account for the VAT themselves: 0 %, net only. */
  reverseCharge: z.boolean(),
  /** Lower case, as the documents keep it: `usd`. */
  currency: z.string(),
  ...figures,
})
export type TaxReportRow = z.infer<typeof taxReportRowSchema>

export const taxReportTotalSchema = z.object({ currency: z.string(), ...figures })
export type TaxReportTotal = z.infer<typeof taxReportTotalSchema>

export const taxReportSchema = z.object({
  period: z.object({ label: z.string(), firstDay: z.string(), lastDay: z.string() }),
  rows: z.array(taxReportRowSchema),
  /** One per currency (a store sells in one). */
  totals: z.array(taxReportTotalSchema),
})
export type TaxReport = z.infer<typeof taxReportSchema>
export const taxReportResponseSchema = z.object({ data: taxReportSchema })

/** The rate as people write it: 800 → "8%", 1998 → "19.98%". */
export const formatTaxRate = (basisPoints: number) => `${basisPoints / 100}%`
