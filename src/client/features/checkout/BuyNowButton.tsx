/**
 * The product page's Buy Now button: "Processing..." and disabled while the direct checkout is
 * being created. It also shows Buy Now's country dialog while Buy Now is asking (a page renders
 * one Buy Now button), and closes the question if the page goes away.
 */
import { lazy, Suspense, useEffect } from 'react'
import { cancelBuyNowCountry, useBuyNowCountryLines, useBuyNowCountryQuestion } from './buy-now-country.ts'

// The country lists load with the dialog, not with every product page.
const BuyNowCountryDialog = lazy(() => import('./BuyNowCountryDialog.tsx'))

interface BuyNowButtonProps {
  onBuyNow: () => void
  isProcessing: boolean
  /** Nothing can be bought yet (a pay-what-you-want amount under the minimum). */
  disabled?: boolean
}

export function BuyNowButton({ onBuyNow, isProcessing, disabled = false }: BuyNowButtonProps) {
  const answer = useBuyNowCountryQuestion()
  const lines = useBuyNowCountryLines()
  useEffect(() => cancelBuyNowCountry, [])

  return (
    <>
      <button
        type="button"
        onClick={onBuyNow}
        disabled={isProcessing || disabled}
        aria-busy={isProcessing || undefined}
        className="btn btn-secondary w-full py-3"
      >
        {isProcessing ? 'Processing...' : 'Buy Now'}
      </button>
      {answer && (
        <Suspense fallback={null}>
          <BuyNowCountryDialog onAnswer={answer} lines={lines} />
        </Suspense>
      )}
    </>
  )
}
