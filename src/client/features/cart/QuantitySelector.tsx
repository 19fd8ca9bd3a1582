/**
 * The product page's quantity control (− / number / +, at least 1). Digital downloads are
 * locked at 1 and labelled "Digital"; a purchase limit above 1 caps it and shows "Limit: N".
 */
import type { ChangeEvent } from 'react'
import { MAX_LINE_QUANTITY } from '../../../shared/cart-rules.ts'

/** Upper bound when a product has no purchase limit of its own: the cart's (a line never needs more). */
export const MAX_QUANTITY = MAX_LINE_QUANTITY

interface QuantitySelectorProps {
  value: number
  onChange: (quantity: number) => void
  isDigital: boolean
  limit: number | null
}

export function QuantitySelector({ value, onChange, isDigital, limit }: QuantitySelectorProps) {
  const max = isDigital ? 1 : (limit ?? MAX_QUANTITY)
  const clamp = (quantity: number) => Math.max(1, Math.min(max, Math.floor(quantity)))

  function onInput(event: ChangeEvent<HTMLInputElement>) {
    const parsed = Number.parseInt(event.target.value, 10)
    onChange(Number.isFinite(parsed) ? clamp(parsed) : 1)
  }

  const stepButton =
    'flex size-11 items-center justify-center text-lg text-zinc-200 transition-colors hover:bg-zinc-800 disabled:cursor-not-allowed disabled:text-zinc-600 disabled:hover:bg-transparent'
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span id="quantity-label" className="text-sm font-medium text-zinc-300">
        Quantity
      </span>
      <div className="inline-flex items-center overflow-hidden rounded-lg border border-zinc-700 bg-zinc-900">
        <button
          type="button"
          aria-label="Decrease quantity"
          disabled={isDigital || value <= 1}
          onClick={() => onChange(clamp(value - 1))}
          className={stepButton}
        >
          −
        </button>
        <input
          type="number"
          inputMode="numeric"
          aria-labelledby="quantity-label"
          min={1}
          max={max}
          value={value}
          readOnly={isDigital}
          onChange={onInput}
          className="h-11 w-14 border-x border-zinc-700 bg-transparent text-center font-semibold text-white tabular-nums [appearance:textfield] focus:outline-none [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <button
          type="button"
          aria-label="Increase quantity"
          disabled={isDigital || value >= max}
          onClick={() => onChange(clamp(value + 1))}
          className={stepButton}
        >
          +
        </button>
      </div>
      {isDigital && <span className="rounded-md bg-sky-950 px-2 py-1 text-xs font-semibold text-sky-200 ring-1 ring-sky-800">Digital</span>}
      {!isDigital && limit !== null && limit > 1 && <span className="text-sm text-zinc-400">Limit: {limit}</span>}
    </div>
  )
}
