/**
 * The product page's "Audition" controls beside the preview: "My BPM" (the producer's tempo,
 * the loop is time-stretched to it without changing pitch), "Key shift" in semitones (pitch
 * without tempo), a reset, and a line saying what the preview plays. Settings last the session.
 */
import { useId, useState } from 'react'
import { musicKeyById, transposeKey } from '../../../shared/music-keys.ts'
import { useAuditionSettings } from './audition-settings.ts'
import {
  describeAudition,
  formatSemitones,
  isTempoLimited,
  KEY_SHIFT_LIMIT,
  MY_BPM_LIMITS,
  parseMyBpm,
  TEMPO_RATIO_LIMITS,
  type AuditionSubject,
} from './stretch-settings.ts'

const SHIFTS = Array.from({ length: KEY_SHIFT_LIMIT * 2 + 1 }, (_, index) => index - KEY_SHIFT_LIMIT)

const FIELD_CLASS =
  'h-10 w-full rounded-lg border border-zinc-700 bg-zinc-950/60 px-3 text-sm text-zinc-100 tabular-nums placeholder:text-zinc-500 transition-colors focus:border-brand-400 focus:outline-none aria-invalid:border-rose-500'

export function AuditionControls({ product }: { product: AuditionSubject }) {
  const id = useId()
  const settings = useAuditionSettings((state) => state.settings)
  const setMyBpm = useAuditionSettings((state) => state.setMyBpm)
  const setKeyShift = useAuditionSettings((state) => state.setKeyShift)
  const reset = useAuditionSettings((state) => state.reset)
  // What is typed, while it is being typed; otherwise the stored tempo shows.
  const [draft, setDraft] = useState<string | null>(null)
  const key = product.musicKey ? musicKeyById(product.musicKey) : null
  const hasTempo = product.bpm !== null
  const shown = draft ?? (settings.myBpm === null ? '' : String(settings.myBpm))
  const invalid = draft !== null && draft.trim() !== '' && parseMyBpm(draft) === null

  function onBpmInput(text: string) {
    setDraft(text)
    if (text.trim() === '') setMyBpm(null)
    else {
      const bpm = parseMyBpm(text)
      if (bpm !== null) setMyBpm(bpm)
    }
  }

  const changed = settings.myBpm !== null || settings.keyShift !== 0
  return (
    <section aria-labelledby={`${id}-title`} className="border-t border-zinc-800 pt-4">
      <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
        <div className="w-full sm:w-auto sm:self-center">
          <h3 id={`${id}-title`} className="text-sm font-semibold text-white">
            Audition
          </h3>
          <p className="text-xs text-zinc-400">In your project&apos;s tempo and key</p>
        </div>
        {hasTempo && (
          <div className="w-28">
            <label htmlFor={`${id}-bpm`} className="mb-1 block text-xs font-medium text-zinc-300">
              My BPM
            </label>
            <input
              id={`${id}-bpm`}
              type="number"
              inputMode="decimal"
              min={MY_BPM_LIMITS.min}
              max={MY_BPM_LIMITS.max}
              step="any"
              placeholder={String(product.bpm)}
              value={shown}
              onChange={(event) => onBpmInput(event.target.value)}
              onBlur={() => setDraft(null)}
              aria-invalid={invalid || undefined}
              aria-describedby={`${id}-status${invalid ? ` ${id}-bpm-hint` : ''}`}
              className={FIELD_CLASS}
            />
          </div>
        )}
        {key && (
          <div className="w-40">
            <label htmlFor={`${id}-shift`} className="mb-1 block text-xs font-medium text-zinc-300">
              Key shift
            </label>
            <select id={`${id}-shift`} value={settings.keyShift} onChange={(event) => setKeyShift(Number(event.target.value))} className={FIELD_CLASS}>
              {SHIFTS.map((shift) => (
                <option key={shift} value={shift}>
                  {shift === 0 ? `0 (${key.id})` : `${formatSemitones(shift)} st (${transposeKey(key, shift).id})`}
                </option>
              ))}
            </select>
          </div>
        )}
        {(hasTempo || key) && (
          <button
            type="button"
            onClick={() => {
              setDraft(null)
              reset()
            }}
            disabled={!changed}
            className="btn btn-secondary h-10 py-0"
          >
            Reset
          </button>
        )}
      </div>
      <p id={`${id}-status`} role="status" className="mt-3 text-sm text-zinc-300 tabular-nums">
        {describeAudition(product, settings)}
      </p>
      {invalid && (
        <p id={`${id}-bpm-hint`} className="mt-1 text-xs text-rose-300">
          My BPM is a tempo from {MY_BPM_LIMITS.min} to {MY_BPM_LIMITS.max}.
        </p>
      )}
      {isTempoLimited(product, settings) && (
        <p className="mt-1 text-xs text-zinc-400">
          Loops are stretched from {TEMPO_RATIO_LIMITS.min}× to {TEMPO_RATIO_LIMITS.max}× their tempo, so this one plays as close to {settings.myBpm} BPM as
          that allows.
        </p>
      )}
      {!hasTempo && key && <p className="mt-1 text-xs text-zinc-400">This product has no tempo: it plays at its recorded speed.</p>}
      {hasTempo && !key && <p className="mt-1 text-xs text-zinc-400">No key on file (drums or effects): the pitch stays as recorded.</p>}
    </section>
  )
}
