/**
 * The promo code control: an input with Apply (disabled while blank, "Applying..." while the
 * code is checked, Enter applies) and "Invalid promo code" when it is refused; once applied it
 * shows the code and its rounded percent, with a button to remove it.
 */
import { useId, useState, type FormEvent } from 'react'
import { CART_MESSAGES, normalizePromoCode } from '../../../shared/cart-rules.ts'
import { discountPercentLabel } from '../../../shared/pricing.ts'
import { ApiError } from '../../api/http.ts'
import { CloseIcon, TagIcon } from '../../components/Icons.tsx'
import { usePromoValidate } from './api/post-promo-validate.ts'
import { useCartStore } from './cart-store.ts'

export function PromoCodeForm() {
  const promoCode = useCartStore((state) => state.promoCode)
  const discount = useCartStore((state) => state.discount)
  const setPromo = useCartStore((state) => state.setPromo)
  const removePromo = useCartStore((state) => state.removePromo)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const validate = usePromoValidate()
  const inputId = useId()
  const errorId = useId()

  if (promoCode) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-lg border border-emerald-800/70 bg-emerald-950/40 px-3 py-2">
        <p className="flex min-w-0 items-center gap-2 text-sm">
          <TagIcon className="size-4 shrink-0 text-emerald-300" />
          <span className="font-semibold tracking-wide text-emerald-200">{promoCode}</span>
          <span className="text-emerald-300/90">{discountPercentLabel(discount)}% off</span>
        </p>
        <button
          type="button"
          onClick={removePromo}
          aria-label={`Remove promo code ${promoCode}`}
          className="-mr-1 inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-zinc-300 hover:bg-zinc-800 hover:text-white"
        >
          <CloseIcon className="size-3.5" />
          Remove
        </button>
      </div>
    )
  }

  const blank = normalizePromoCode(code) === ''
  function apply(event: FormEvent) {
    event.preventDefault()
    if (blank || validate.isPending) return
    setError(null)
    validate.mutate(normalizePromoCode(code), {
      onSuccess: (promo) => {
        setPromo(promo.code, promo.discount)
        setCode('')
      },
      // One text for every refusal, so codes cannot be probed; only "too many attempts" says what it is.
      onError: (error) => setError(error instanceof ApiError && error.status === 429 ? error.message : CART_MESSAGES.invalidPromo),
    })
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
            setError(null)
          }}
          placeholder="Promo code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="min-w-0 flex-1 rounded-lg border border-zinc-700 bg-zinc-900 px-3 py-2 text-sm text-white uppercase placeholder:text-zinc-500 placeholder:normal-case focus:border-brand-500 focus:outline-none"
        />
        <button type="submit" disabled={blank || validate.isPending} className="btn btn-secondary px-4">
          {validate.isPending ? 'Applying...' : 'Apply'}
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-300">
          {error}
        </p>
      )}
    </form>
  )
}
