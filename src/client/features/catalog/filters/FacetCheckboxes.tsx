/**
 * One facet of the filter panel as a group of checkboxes (genre, sound type, tags), each with
 * how many products ticking it would leave. An option that would leave none is disabled unless
 * it is ticked, so a stale choice can always be undone. Long lists show their first options and
 * a "Show all" toggle.
 */
import { useState } from 'react'

export interface FacetChoice {
  value: string
  label: string
  /** Products the option would leave; undefined while the facets load. */
  count: number | undefined
}

interface FacetCheckboxesProps {
  legend: string
  choices: FacetChoice[]
  selected: readonly string[]
  onChange: (values: string[] | undefined) => void
  /** Options shown before "Show all" (all when not given). */
  visibleCount?: number
}

export function FacetCheckboxes({ legend, choices, selected, onChange, visibleCount }: FacetCheckboxesProps) {
  const [expanded, setExpanded] = useState(false)
  if (choices.length === 0) return null
  const limited = !expanded && visibleCount !== undefined && choices.length > visibleCount
  // Ticked options stay in view when the list is cut short.
  const shown = limited ? choices.filter((choice, index) => index < visibleCount || selected.includes(choice.value)) : choices

  function toggle(value: string, checked: boolean) {
    const next = checked ? [...selected, value] : selected.filter((other) => other !== value)
    onChange(next.length > 0 ? next : undefined)
  }

  return (
    <fieldset>
      <legend className="text-sm font-semibold text-white">{legend}</legend>
      <ul className="mt-3 flex flex-col gap-1.5">
        {shown.map((choice) => {
          const checked = selected.includes(choice.value)
          const disabled = choice.count === 0 && !checked
          return (
            <li key={choice.value}>
              <label
                className={`flex items-center gap-2.5 rounded-md py-0.5 text-sm ${disabled ? 'cursor-not-allowed text-zinc-600' : 'cursor-pointer text-zinc-300 hover:text-white'}`}
              >
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={disabled}
                  onChange={(event) => toggle(choice.value, event.target.checked)}
                  className="size-4 shrink-0 accent-brand-500"
                />
                <span className="min-w-0 flex-1 truncate">{choice.label}</span>
                {choice.count !== undefined && <span className={`text-xs tabular-nums ${disabled ? '' : 'text-zinc-400'}`}>({choice.count})</span>}
              </label>
            </li>
          )
        })}
      </ul>
      {visibleCount !== undefined && choices.length > visibleCount && (
        <button
          type="button"
          onClick={() => setExpanded(!expanded)}
          aria-expanded={expanded}
          className="mt-2 text-sm font-medium text-brand-300 hover:text-brand-200"
        >
          {expanded ? 'Show fewer' : `Show all ${choices.length}`}
        </button>
      )}
    </fieldset>
  )
}
