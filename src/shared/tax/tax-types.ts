/**
 * The shapes the tax rules, the pricing function, checkout, invoices and the report share. The
 * rules themselves (which rate a buyer pays, inclusive and exclusive prices, reverse charge)
 * live beside this file; the server's tax capability stores the owner's choices and documents.
 */

/**
 * How the store taxes a sale: `flat` (the spec's 8 % estimate on subtotal minus discount, the
 * default and the demo), `by-country` (the buyer's country's rate, and region where it matters,
 * from the project's table and the owner's overrides), `stripe` (Stripe Tax computes it; the
 * built-in provider imitates it from the by-country table).
 */
export const TAX_MODES = ['flat', 'by-country', 'stripe'] as const
export type TaxMode = (typeof TAX_MODES)[number]

/** What the one pricing function needs to tax an order: one rate for the whole order (one buyer, one place). */
export interface TaxTreatment {
  mode: TaxMode
  /** The rate applied, in basis points (800 = 8 %); 0 for no tax or reverse charge. */
  rateBasisPoints: number
  /** Prices already hold the tax, which is carved out of them; otherwise it is added on top. */
  pricesIncludeTax: boolean
  /** How the summary and the invoice name the tax: "Estimated tax (8%)", "VAT 19%", "GST 5% + QST 9.975%". */
  label: string
  /** A business buyer in another EU country than the seller's with a valid VAT number: 0 % and the legal sentence. */
  reverseCharge: boolean
  /** ISO 3166-1 alpha-2 of where the buyer is taxed; null in flat mode. */
  country: string | null
  /** The region code (Canadian province, US state) when the rate depends on it. */
  region: string | null
}

/** Where the buyer is, as the EU asks: two pieces of evidence that agree, or the conflict recorded. */
export interface TaxEvidence {
  /** The checkout's billing country (the main evidence). */
  billingCountry: string | null
  /** The IP address's country, when a GeoIP database is configured. */
  ipCountry: string | null
  /** The card's issuing country, from the payment provider, once paid. */
  cardCountry: string | null
  /** True when a second piece of evidence names another country than the billing one. */
  conflict: boolean
}

/** What an order keeps of its tax: the treatment it was charged with, the buyer's VAT number and the evidence. */
export interface OrderTaxDetails extends TaxTreatment {
  /** The buyer's VAT number as given (normalised: country prefix, no spaces), or null. */
  vatNumber: string | null
  /** How the VAT number was checked: by VIES, by its format and checksum only (VIES unreachable), or not at all. */
  vatCheck: 'vies' | 'format' | null
  evidence: TaxEvidence
}

/** An invoice (a paid order) or a credit note (a refund of one), numbered without gaps per series and year. */
export const TAX_DOCUMENT_KINDS = ['invoice', 'credit_note'] as const
export type TaxDocumentKind = (typeof TAX_DOCUMENT_KINDS)[number]

/** One line of an invoice or credit note: net + tax = gross, in cents; the lines sum to the document's totals. */
export interface TaxDocumentLine {
  description: string
  quantity: number
  netCents: number
  taxCents: number
  grossCents: number
  /** The order item the line bills, so a credit note can name the items a refund covers; absent on lines that name none. */
  orderItemId?: string | null
}

/** The seller as the invoice names them (the owner's tax settings at the time of issue). */
export interface TaxSeller {
  legalName: string
  address: string
  country: string
  taxNumber: string
}

/** The buyer as the invoice names them (the order's billing details). */
export interface TaxBuyer {
  name: string
  email: string
  company: string | null
  address: string | null
  country: string | null
  vatNumber: string | null
}

/** A place's rate: a country (region '' for all of it) or one of its regions, in basis points, and the tax's name. */
export interface TaxRateEntry {
  countryCode: string
  /** '' for the whole country; the region's code ("ON", "TX") otherwise. */
  regionCode: string
  rateBasisPoints: number
  /** The tax as the buyer and the invoice read it: "VAT 19%", "GST 5% + QST 9.975%". */
  label: string
}

/** What the tax rules need of the store: its mode, whether prices include tax, the seller's country and the owner's rates. */
export interface TaxPolicy {
  mode: TaxMode
  pricesIncludeTax: boolean
  /** ISO 3166-1 alpha-2; decides reverse charge. Null before the owner sets it (flat mode needs none). */
  sellerCountry: string | null
  /** The owner's rates, which win over the project's table. */
  overrides: TaxRateEntry[]
}

/** Where the buyer is taxed, as checkout (or this browser's last billing address) knows it. */
export interface TaxBuyerPlace {
  /** ISO 3166-1 alpha-2; null before the buyer chooses a country. */
  country: string | null
  /** The region's code where the country has regions (a US state, a Canadian province). */
  region: string | null
  /** The buyer gave a VAT number that was found valid (by VIES, or by format when VIES cannot be reached). */
  validVatNumber: boolean
}
