/**
 * The product page's quantity control (− / number / +, at least 1). A digital download is
 * locked at 1, so it shows "Digital download · 1 licence" instead of a stepper that could never
 * move; a purchase limit above 1 caps the stepper and shows "Max: N".
 */
import type { ChangeEvent } from 'react'
import { MAX_LINE_QUANTITY } from '../../../shared/cart-rules.ts'
import { DownloadIcon } from '../../components/Icons.tsx'

/** Upper bound when a product has no purchase limit of its own: the cart's (a line never needs more). */
export const MAX_QUANTITY = MAX_LINE_QUANTITY

interface QuantitySelectorProps {
  value: number
  onChange: (quantity: number) => void
  isDigital: boolean
  limit: number | null
}

export function QuantitySelector({ value, onChange, isDigital, limit }: QuantitySelectorProps) {
  if (isDigital) {
    return (
      <p className="flex items-center gap-2 text-sm font-medium text-zinc-200">
        <DownloadIcon className="size-4 shrink-0 text-sky-300" />
        Digital download · 1 licence
      </p>
    )
  }
  const max = limit ?? MAX_QUANTITY
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
        <button type="button" aria-label="Decrease quantity" disabled={value <= 1} onClick={() => onChange(clamp(value - 1))} className={stepButton}>
          −
        </button>
        <input
          type="number"
          inputMode="numeric"
          aria-labelledby="quantity-label"
          min={1}
          max={max}
          value={value}
          onChange={onInput}
          className="h-11 w-14 border-x border-zinc-700 bg-transparent text-center font-semibold text-white tabular-nums [appearance:textfield] focus:outline-none [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <button type="button" aria-label="Increase quantity" disabled={value >= max} onClick={() => onChange(clamp(value + 1))} className={stepButton}>
          +
        </button>
      </div>
      {limit !== null && limit > 1 && <span className="text-sm text-zinc-400">Max: {limit}</span>}
    </div>
  )
}
