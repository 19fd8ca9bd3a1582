/**
 * A "from–to" filter (BPM, price) as two number inputs, applied when the shopper leaves a field
 * or presses Enter rather than on each keystroke, so typing "128" does not list 1, 12 and 128 BPM
 * on the way. The placeholders show the range the list holds. Values outside `limits` are
 * brought inside; a minimum above the maximum swaps them.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'

type Range = { min: number | undefined; max: number | undefined }

interface RangeFilterProps {
  legend: string
  minLabel: string
  maxLabel: string
  /** The filter's values, in the units shown. */
  value: Range
  /** Lowest and highest the list holds, as placeholders; null when unknown. */
  available: { min: number; max: number } | null | undefined
  limits: { min: number; max: number }
  step?: number
  /** Written before each input ("$"). */
  prefix?: string
  onApply: (range: Range) => void
}

const text = (value: number | undefined) => (value === undefined ? '' : String(value))

export function RangeFilter({ legend, minLabel, maxLabel, value, available, limits, step = 1, prefix, onApply }: RangeFilterProps) {
  const id = useId()
  const decimals = (String(step).split('.')[1] ?? '').length
  const [draft, setDraft] = useState({ min: text(value.min), max: text(value.max) })
  // The address changed (Back, a removed chip, Clear all): show its values again.
  const [shown, setShown] = useState(value)
  if (shown.min !== value.min || shown.max !== value.max) {
    setShown(value)
    setDraft({ min: text(value.min), max: text(value.max) })
  }
  // Enter applies, then leaving the field would apply the same again: once is enough.
  const lastApplied = useRef(value)
  useEffect(() => {
    lastApplied.current = { min: value.min, max: value.max }
  }, [value.min, value.max])

  function read(raw: string): number | undefined {
    if (raw.trim() === '') return undefined
    const number = Number(raw)
    if (!Number.isFinite(number)) return undefined
    const stepped = Number((Math.round(number / step) * step).toFixed(decimals))
    return Math.min(limits.max, Math.max(limits.min, stepped))
  }

  function apply() {
    let min = read(draft.min)
    let max = read(draft.max)
    if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min]
    setDraft({ min: text(min), max: text(max) })
    if (min === lastApplied.current.min && max === lastApplied.current.max) return
    lastApplied.current = { min, max }
    onApply({ min, max })
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault()
      apply()
    }
  }

  const field = (side: 'min' | 'max', label: string) => (
    <div className="min-w-0 flex-1">
      <label htmlFor={`${id}-${side}`} className="mb-1 block text-xs text-zinc-400">
        {label}
      </label>
      <div className="flex items-center rounded-lg border border-zinc-700 bg-zinc-950/60 focus-within:border-brand-400">
        {prefix && (
          <span className="pl-2.5 text-sm text-zinc-400" aria-hidden="true">
            {prefix}
          </span>
        )}
        <input
          id={`${id}-${side}`}
          type="number"
          inputMode="decimal"
          min={limits.min}
          max={limits.max}
          step={step}
          value={draft[side]}
          placeholder={available ? text(available[side]) : undefined}
          onChange={(event) => setDraft({ ...draft, [side]: event.target.value })}
          onBlur={apply}
          onKeyDown={onKeyDown}
          className="w-full min-w-0 bg-transparent px-2.5 py-2 text-sm text-zinc-100 tabular-nums placeholder:text-zinc-500 focus:outline-none"
        />
      </div>
    </div>
  )

  return (
    <fieldset>
      <legend className="text-sm font-semibold text-white">{legend}</legend>
      <div className="mt-3 flex items-end gap-2">
        {field('min', minLabel)}
        <span className="pb-2 text-zinc-500" aria-hidden="true">
          –
        </span>
        {field('max', maxLabel)}
      </div>
    </fieldset>
  )
}
