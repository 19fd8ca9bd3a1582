/**
 * The promo code control: an input with Apply (disabled while blank, "Applying..." while the
 * code is checked against the cart, Enter applies) and, when a code is refused, the reason
 * ("Invalid promo code", "SPRING needs a subtotal of $40.00: add $20.01 more", "SPRING has been
 * used up", "SPRING applies to Drum Kits only"), here and wherever else the cart shows this control.
 * Once applied it shows the code and what it takes off ("10% off", "$5.00 off"), or, while the
 * cart is below the code's minimum or holds none of the lines a limited code covers, why it gives
 * nothing now; a button removes it.
 */
import { useId, useState, type FormEvent } from 'react'
import { CART_MESSAGES, normalizePromoCode } from '../../../shared/cart-rules.ts'
import { discountPercentLabel } from '../../../shared/pricing.ts'
import { codeDiscountLabel, isPromoRefusal } from '../../../shared/promo-rules.ts'
import { ApiError } from '../../api/http.ts'
import { chosenPriceOf } from '../../cart-state/cart-item.ts'
import { useCartStore } from '../../cart-state/cart-store.ts'
import { useCartPromo } from '../../cart-state/use-cart-totals.ts'
import { CloseIcon, TagIcon } from '../../components/Icons.tsx'
import { usePromoValidate } from './api/post-promo-validate.ts'

/** The shopper's text for a refused Apply: the server's reason for a refusal or too many attempts, else the spec's "Invalid promo code". */
function refusalText(error: unknown): string {
  if (error instanceof ApiError && (error.status === 429 || isPromoRefusal(error.code))) return error.message
  return CART_MESSAGES.invalidPromo
}

export function PromoCodeForm() {
  const promo = useCartPromo()
  const refusal = useCartStore((state) => state.promoRefusal)
  const [code, setCode] = useState('')
  const validate = usePromoValidate()
  const inputId = useId()
  const errorId = useId()

  if (promo.code) return <AppliedPromo code={promo.code} shortfall={promo.shortfall} />

  const blank = normalizePromoCode(code) === ''
  function apply(event: FormEvent) {
    event.preventDefault()
    if (blank || validate.isPending) return
    const cart = useCartStore.getState()
    cart.clearPromoRefusal()
    const items = cart.items.map((item) => ({ productId: item.id, quantity: item.quantity, ...chosenPriceOf(item) }))
    validate.mutate(
      { code: normalizePromoCode(code), items },
      {
        onSuccess: (applied) => {
          useCartStore.getState().setPromo(applied.code, applied.discount, applied.minSubtotalCents, applied.terms, applied.scope)
          setCode('')
        },
        onError: (error) => useCartStore.getState().refusePromo(refusalText(error)),
      },
    )
  }

  return (
    <form onSubmit={apply} noValidate>
      <label htmlFor={inputId} className="sr-only">
        Promo code
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          type="text"
          value={code}
          onChange={(event) => {
            setCode(event.target.value)
            if (refusal) useCartStore.getState().clearPromoRefusal()
          }}
          placeholder="Promo code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? errorId : undefined}
          className="min-w-0 flex-1 rounded-lg border border-zinc-700 bg-zinc-900 px-3 py-2 text-sm text-white uppercase placeholder:text-zinc-500 placeholder:normal-case focus:border-brand-500 focus:outline-none"
        />
        <button type="submit" disabled={blank || validate.isPending} className="btn btn-secondary px-4">
          {validate.isPending ? 'Applying...' : 'Apply'}
        </button>
      </div>
      {refusal && (
        // Checkout's error box announces its own refusal; here it is only shown.
        <p id={errorId} role={refusal.source === 'apply' ? 'alert' : undefined} className="mt-2 text-sm break-words text-red-300">
          {refusal.message}
        </p>
      )}
    </form>
  )
}

/** The applied code: what it takes off, or (below its minimum, or covering no line) why it gives nothing now; with Remove. */
function AppliedPromo({ code, shortfall }: { code: string; shortfall: string | null }) {
  const discount = useCartStore((state) => state.discount)
  const terms = useCartStore((state) => state.promoTerms)
  const removePromo = useCartStore((state) => state.removePromo)
  const tone = shortfall ? 'border-amber-800/70 bg-amber-950/40' : 'border-emerald-800/70 bg-emerald-950/40'
  return (
    <div className={`flex items-start justify-between gap-3 rounded-lg border px-3 py-2 ${tone}`}>
      <div className="min-w-0 text-sm">
        <p className="flex min-w-0 flex-wrap items-center gap-x-2">
          <TagIcon className={`size-4 shrink-0 ${shortfall ? 'text-amber-300' : 'text-emerald-300'}`} />
          <span className={`font-semibold tracking-wide [overflow-wrap:anywhere] ${shortfall ? 'text-amber-200' : 'text-emerald-200'}`}>{code}</span>
          {!shortfall && <span className="text-emerald-300/90">{terms ? codeDiscountLabel(terms) : `${discountPercentLabel(discount)}% off`}</span>}
        </p>
        {shortfall && (
          <p role="status" className="mt-1 break-words text-amber-200">
            {shortfall}
          </p>
        )}
      </div>
      <button
        type="button"
        onClick={removePromo}
        aria-label={`Remove promo code ${code}`}
        className="-mr-1 inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-zinc-300 hover:bg-zinc-800 hover:text-white"
      >
        <CloseIcon className="size-3.5" />
        Remove
      </button>
    </div>
  )
}
