/**
 * The rates table of the tax page: every country (and the US states and Canadian provinces the
 * project's table lists) with the table's rate and the owner's over it, a filter box, and an
 * editor per place: the owner's rate, as a percentage with at most two decimals, and the tax's
 * name as buyers and invoices read it ("VAT 20%"). Remove lets the table's rate apply again.
 */
import { useId, useMemo, useState, type FormEvent } from 'react'
import { COUNTRIES, countryName } from '../../../../shared/address/countries.ts'
import { regionsOf } from '../../../../shared/address/regions.ts'
import { basisPointsToPercent, percentToBasisPoints, taxRateSaveSchema, type AdminTaxRate, type TaxRateSave } from '../../../../shared/contract/tax.ts'
import { INPUT_CLASS } from '../../../components/TextField.tsx'

interface Place extends AdminTaxRate {
  name: string
}

interface TaxRatesTableProps {
  rates: readonly AdminTaxRate[]
  onSave: (rate: TaxRateSave) => Promise<unknown>
  onRemove: (place: { countryCode: string; regionCode: string }) => Promise<unknown>
}

const keyOf = (place: { countryCode: string; regionCode: string }) => `${place.countryCode}:${place.regionCode}`

/** "Germany", "Ontario, Canada". */
function placeName(countryCode: string, regionCode: string): string {
  const country = countryName(countryCode) ?? countryCode
  if (!regionCode) return country
  return `${regionsOf(countryCode).find((region) => region.code === regionCode)?.name ?? regionCode}, ${country}`
}

/** The server's places and every other country (the table does not list it: 0 % until the owner sets a rate), regions under their country. */
function placesOf(rates: readonly AdminTaxRate[]): Place[] {
  const listed = new Set(rates.map(keyOf))
  const others = COUNTRIES.filter((country) => !listed.has(`${country.code}:`)).map((country) => ({
    countryCode: country.code,
    regionCode: '',
    table: null,
    override: null,
  }))
  const countryOf = (place: AdminTaxRate) => countryName(place.countryCode) ?? place.countryCode
  return [...rates, ...others]
    .map((place) => ({ ...place, name: placeName(place.countryCode, place.regionCode) }))
    .sort((a, b) => countryOf(a).localeCompare(countryOf(b), 'en') || (a.regionCode ? a.name : '').localeCompare(b.regionCode ? b.name : '', 'en'))
}

const NOT_IN_TABLE = 'Not in the table: 0 %'

/** "VAT 19%" with a new rate: "VAT 20%"; a name that is not "<tax> <percent>%" is left as the owner wrote it. */
function relabel(label: string, percent: string): string {
  const match = /^([^%+]*?)\s*\d+(?:[.,]\d+)?\s*%$/.exec(label.trim())
  return match ? `${match[1]} ${percent}%`.trim() : label
}

function RateEditor({ place, onSave, onCancel }: { place: Place; onSave: TaxRatesTableProps['onSave']; onCancel: () => void }) {
  const id = useId()
  const start = place.override ?? place.table
  const [percent, setPercent] = useState(basisPointsToPercent(start?.rateBasisPoints ?? 0))
  const [label, setLabel] = useState(start?.label ?? 'Tax 0%')
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const rateBasisPoints = percentToBasisPoints(percent)
    if (rateBasisPoints === null) return setError('Enter the rate as a percentage from 0 to 100, with at most two decimals')
    const parsed = taxRateSaveSchema.safeParse({ countryCode: place.countryCode, regionCode: place.regionCode, rateBasisPoints, label })
    if (!parsed.success) return setError(parsed.error.issues[0]!.message)
    setError(null)
    setSaving(true)
    try {
      await onSave(parsed.data)
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Failed to save the rate')
      setSaving(false)
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={`Your rate for ${place.name}`} className="flex flex-wrap items-end gap-3">
      <div className="w-28">
        <label htmlFor={`${id}-rate`} className="mb-1 block text-xs font-medium text-zinc-300">
          Rate (%)
        </label>
        <input
          id={`${id}-rate`}
          inputMode="decimal"
          value={percent}
          onChange={(event) => {
            setPercent(event.target.value)
            const typed = percentToBasisPoints(event.target.value)
            if (typed !== null) setLabel(relabel(label, basisPointsToPercent(typed)))
          }}
          aria-invalid={error ? true : undefined}
          className={INPUT_CLASS}
        />
      </div>
      <div className="min-w-48 flex-1">
        <label htmlFor={`${id}-label`} className="mb-1 block text-xs font-medium text-zinc-300">
          Name on the cart and invoices
        </label>
        <input id={`${id}-label`} value={label} onChange={(event) => setLabel(event.target.value)} maxLength={40} className={INPUT_CLASS} />
      </div>
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save rate'}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {error && (
        <p role="alert" className="w-full text-xs text-red-300">
          {error}
        </p>
      )}
    </form>
  )
}

export function TaxRatesTable({ rates, onSave, onRemove }: TaxRatesTableProps) {
  const filterId = useId()
  const [filter, setFilter] = useState('')
  const [editing, setEditing] = useState<string | null>(null)
  const places = useMemo(() => placesOf(rates), [rates])
  const wanted = filter.trim().toLowerCase()
  const shown = wanted
    ? places.filter((place) =>
        [place.name, place.countryCode, place.regionCode, place.table?.label, place.override?.label].some((text) => text?.toLowerCase().includes(wanted)),
      )
    : places

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full sm:w-72">
          <label htmlFor={filterId} className="mb-1.5 block text-sm font-medium text-zinc-200">
            Filter
          </label>
          <input
            id={filterId}
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder="Country, state or tax"
            className={INPUT_CLASS}
          />
        </div>
        <p className="text-sm text-zinc-400" aria-live="polite">
          {shown.length === places.length ? `${places.length} places` : `${shown.length} of ${places.length} places`}
        </p>
      </div>
      <div className="relative mt-4 max-h-[36rem] overflow-auto rounded-2xl border border-zinc-800">
        <table className="w-full text-sm">
          <thead className="sticky top-0 bg-zinc-900 text-left text-xs text-zinc-400">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Place
              </th>
              <th scope="col" className="hidden px-4 py-3 font-medium sm:table-cell">
                Table rate
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Your rate
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-800">
            {shown.map((place) => {
              const key = keyOf(place)
              return [
                <tr key={key} className={place.override ? 'bg-brand-500/5' : undefined}>
                  <th scope="row" className={`px-4 py-2.5 text-left font-medium text-zinc-100 ${place.regionCode ? 'pl-8 font-normal text-zinc-300' : ''}`}>
                    {place.name}
                    {/* On a phone the table's rate sits under the place: three columns fit the screen. */}
                    <span className="mt-0.5 block text-xs font-normal text-zinc-400 sm:hidden">
                      {place.table ? `Table: ${place.table.label}` : NOT_IN_TABLE}
                    </span>
                  </th>
                  <td className="hidden px-4 py-2.5 text-zinc-300 sm:table-cell">
                    {place.table ? place.table.label : <span className="text-zinc-500">{NOT_IN_TABLE}</span>}
                  </td>
                  <td className="px-4 py-2.5 font-medium break-words text-white">{place.override?.label ?? <span className="text-zinc-600">—</span>}</td>
                  <td className="px-4 py-2.5 text-right whitespace-nowrap">
                    <button
                      type="button"
                      className="text-sm font-medium text-brand-300 hover:text-brand-200"
                      aria-label={`${place.override ? 'Change' : 'Set'} your rate for ${place.name}`}
                      onClick={() => setEditing(editing === key ? null : key)}
                    >
                      {place.override ? 'Change' : 'Set rate'}
                    </button>
                    {place.override && (
                      <button
                        type="button"
                        className="ml-4 text-sm font-medium text-zinc-400 hover:text-zinc-200"
                        aria-label={`Remove your rate for ${place.name}`}
                        onClick={() => void onRemove(place)}
                      >
                        Remove
                      </button>
                    )}
                  </td>
                </tr>,
                editing === key && (
                  <tr key={`${key}:editor`} className="bg-zinc-900/80">
                    <td colSpan={4} className="px-4 py-3">
                      <RateEditor place={place} onSave={(rate) => onSave(rate).then(() => setEditing(null))} onCancel={() => setEditing(null)} />
                    </td>
                  </tr>
                ),
              ]
            })}
          </tbody>
        </table>
        {shown.length === 0 && <p className="p-6 text-center text-sm text-zinc-400">No place matches “{filter.trim()}”.</p>}
      </div>
    </div>
  )
}
