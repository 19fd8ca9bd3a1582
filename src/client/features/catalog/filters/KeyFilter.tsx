/**
 * The key filter: the 24 keys as toggles (a product in any ticked key stays), or, in "Compatible
 * keys" mode, one key whose list keeps every key that mixes with it (itself, its relative, a
 * fifth either way). Each key shows how many products choosing it would leave.
 */
import { useState } from 'react'
import type { CatalogFilters, FacetOption } from '../../../../shared/contract/catalog-filters.ts'
import { compatibleKeys, MUSIC_KEYS, musicKeyById } from '../../../../shared/music-keys.ts'
import { countOf } from './facet-counts.ts'
import type { ChangeFilters } from './use-listing-filters.ts'

interface KeyFilterProps {
  filters: Pick<CatalogFilters, 'key' | 'compatible'>
  /** The key facet; undefined while it loads. */
  facet: FacetOption[] | undefined
  onChange: ChangeFilters
}

export function KeyFilter({ filters, facet, onChange }: KeyFilterProps) {
  const [modeChosen, setModeChosen] = useState(Boolean(filters.compatible))
  const compatibleMode = modeChosen || Boolean(filters.compatible)
  const selected = filters.key ?? []
  const anchor = filters.compatible ? musicKeyById(filters.compatible) : null
  const mixing = anchor ? compatibleKeys(anchor).filter((key) => key.id !== anchor.id) : []

  function switchMode(on: boolean) {
    setModeChosen(on)
    // The one key chosen carries over between the modes.
    if (on) onChange({ compatible: selected[0], key: undefined })
    else onChange({ key: filters.compatible ? [filters.compatible] : undefined, compatible: undefined })
  }

  function countFor(id: string): number | undefined {
    if (!compatibleMode) return countOf(facet, id)
    if (!facet) return undefined
    const key = musicKeyById(id)
    return key ? compatibleKeys(key).reduce((sum, mixes) => sum + (countOf(facet, mixes.id) ?? 0), 0) : 0
  }

  function toggle(id: string) {
    if (compatibleMode) onChange({ compatible: filters.compatible === id ? undefined : id })
    else {
      const next = selected.includes(id) ? selected.filter((other) => other !== id) : [...selected, id]
      onChange({ key: next.length > 0 ? next : undefined })
    }
  }

  return (
    <fieldset>
      <legend className="text-sm font-semibold text-white">Key</legend>
      <label className="mt-3 flex cursor-pointer items-center gap-2.5 text-sm text-zinc-300 hover:text-white">
        <input type="checkbox" checked={compatibleMode} onChange={(event) => switchMode(event.target.checked)} className="size-4 accent-brand-500" />
        Compatible keys
      </label>
      <p className="mt-1 text-xs text-zinc-400">
        {!compatibleMode
          ? 'Tick any keys.'
          : anchor
            ? `${anchor.name} (${anchor.camelot}) mixes with ${mixing.map((key) => key.id).join(', ')}.`
            : 'Pick one key to list every key that mixes with it.'}
      </p>
      <div role="group" aria-label="Keys" className="mt-3 grid grid-cols-4 gap-1.5">
        {MUSIC_KEYS.map((key) => {
          const pressed = compatibleMode ? filters.compatible === key.id : selected.includes(key.id)
          const kept = mixing.some((mixes) => mixes.id === key.id)
          const count = countFor(key.id)
          const disabled = count === 0 && !pressed
          return (
            <button
              key={key.id}
              type="button"
              aria-pressed={pressed}
              disabled={disabled}
              title={`${key.name} · ${key.camelot}`}
              onClick={() => toggle(key.id)}
              className={`flex flex-col items-center rounded-md border px-1 py-1 text-xs font-medium transition-colors disabled:cursor-not-allowed disabled:border-zinc-900 disabled:text-zinc-700 ${
                pressed
                  ? 'border-brand-500 bg-brand-600 text-white'
                  : kept
                    ? 'border-brand-700 bg-brand-950 text-brand-200'
                    : 'border-zinc-800 bg-zinc-900 text-zinc-300 hover:border-zinc-600 hover:text-white'
              }`}
            >
              {key.id}
              {count !== undefined && (
                <span className={`text-[0.65rem] tabular-nums ${pressed ? 'text-brand-100' : disabled ? '' : 'text-zinc-400'}`}>({count})</span>
              )}
            </button>
          )
        })}
      </div>
    </fieldset>
  )
}
