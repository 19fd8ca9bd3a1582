/**
 * Buy Now's question before a payment session exists: where the buyer is (country, and region
 * and postal code where the country has them), which tax needs. Buy Now asks with what is being
 * bought (the dialog shows its tax for the chosen country) and waits for the answer; the Buy Now
 * button shows the dialog while a question is open, so the product page needs nothing more than
 * the button it already renders. Null means the buyer closed the dialog.
 */
import { create } from 'zustand'
import type { PricedLine } from '../../../shared/pricing.ts'
import type { BillingDetails } from './checkout-form.ts'

/** The billing details the session is created with: the country, and its region and postal code where it has them. */
type Answer = (billingDetails: BillingDetails | null) => void

const useQuestion = create<{ answer: Answer | null; lines: readonly PricedLine[] }>(() => ({ answer: null, lines: [] }))

/** Opens the dialog for these lines (closing any question still open, as cancelled) and resolves with the buyer's answer. */
export function askBuyNowCountry(lines: readonly PricedLine[] = []): Promise<BillingDetails | null> {
  useQuestion.getState().answer?.(null)
  return new Promise((resolve) => {
    const answer: Answer = (billingDetails) => {
      if (useQuestion.getState().answer === answer) useQuestion.setState({ answer: null, lines: [] })
      resolve(billingDetails)
    }
    useQuestion.setState({ answer, lines })
  })
}

/** What the open question is about: the lines Buy Now would buy. */
export function useBuyNowCountryLines(): readonly PricedLine[] {
  return useQuestion((state) => state.lines)
}

/** The open question's answer function, or null when no question is open. */
export function useBuyNowCountryQuestion(): Answer | null {
  return useQuestion((state) => state.answer)
}

/** Closes an open question as cancelled (the page that asked is going away). */
export function cancelBuyNowCountry(): void {
  useQuestion.getState().answer?.(null)
}
