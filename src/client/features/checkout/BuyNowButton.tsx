/** The product page's Buy Now button: "Processing..." and disabled while the direct checkout is being created. */
interface BuyNowButtonProps {
  onBuyNow: () => void
  isProcessing: boolean
}

export function BuyNowButton({ onBuyNow, isProcessing }: BuyNowButtonProps) {
  return (
    <button type="button" onClick={onBuyNow} disabled={isProcessing} aria-busy={isProcessing || undefined} className="btn btn-secondary w-full py-3">
      {isProcessing ? 'Processing...' : 'Buy Now'}
    </button>
  )
}
