/**
 * The maths of auditioning a loop in the producer's tempo and key: what "My BPM" and "Key shift"
 * mean for one product (a tempo ratio and a pitch shift in semitones), the limits that keep the
 * stretch sounding like the loop, and the session's settings as stored. Pure: the player, the
 * controls and the tests all ask this module.
 */
import { musicKeyById, transposeKey } from '../../../shared/music-keys.ts'

/** "My BPM" a producer may type. */
export const MY_BPM_LIMITS = { min: 20, max: 400 } as const
/** How far a loop is sped up or slowed down: past these it smears into something else. */
export const TEMPO_RATIO_LIMITS = { min: 0.5, max: 2 } as const
/** Key shift either way, in semitones (an octave). */
export const KEY_SHIFT_LIMIT = 12

/** The producer's audition settings, shared by every product page for the session. */
export interface AuditionSettings {
  /** The project's tempo; null plays every loop at its own. */
  myBpm: number | null
  /** Semitones up (positive) or down. */
  keyShift: number
}

export const DEFAULT_AUDITION: AuditionSettings = { myBpm: null, keyShift: 0 }

/** What the stretch engine is asked for: playback rate (2 = twice as fast) and pitch shift. */
export interface StretchPlan {
  rate: number
  semitones: number
}

/** What a product brings to an audition. */
export interface AuditionSubject {
  bpm: number | null
  musicKey: string | null
}

/** A tempo in the accepted range (to a tenth of a BPM), or null for none or nonsense. */
export function clampMyBpm(value: number | null): number | null {
  if (value === null || !Number.isFinite(value) || value <= 0) return null
  return Math.round(Math.min(MY_BPM_LIMITS.max, Math.max(MY_BPM_LIMITS.min, value)) * 10) / 10
}

/** "My BPM" as typed: a number within 20–400, else null (empty, "abc" and "7" all mean "not set"). */
export function parseMyBpm(text: string): number | null {
  const trimmed = text.trim()
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null
  const value = Number(trimmed)
  return value >= MY_BPM_LIMITS.min && value <= MY_BPM_LIMITS.max ? clampMyBpm(value) : null
}

/** A whole number of semitones within ±12. */
export function clampKeyShift(value: number): number {
  if (!Number.isFinite(value)) return 0
  return Math.min(KEY_SHIFT_LIMIT, Math.max(-KEY_SHIFT_LIMIT, Math.round(value)))
}

/**
 * The playback rate that brings a loop recorded at `productBpm` to `myBpm` (90 from 120 is
 * 0.75), held within 0.5×–2×. 1 when either tempo is missing.
 */
export function tempoRatio(productBpm: number | null, myBpm: number | null): number {
  if (productBpm === null || productBpm <= 0 || myBpm === null || myBpm <= 0) return 1
  return Math.min(TEMPO_RATIO_LIMITS.max, Math.max(TEMPO_RATIO_LIMITS.min, myBpm / productBpm))
}

/** How long `seconds` of the recording last when played at `rate` (4 s at 0.75 last 5.33 s). */
export function stretchedDuration(seconds: number, rate: number): number {
  return rate > 0 ? seconds / rate : seconds
}

/**
 * What these settings ask of this product's preview, or null when it plays as recorded (no
 * tempo or key to change, or settings that change nothing).
 */
export function stretchPlan(subject: AuditionSubject, settings: AuditionSettings): StretchPlan | null {
  const rate = tempoRatio(subject.bpm, settings.myBpm)
  // A key shift only means something for tonal material, which is what a filed key says.
  const semitones = subject.musicKey !== null && musicKeyById(subject.musicKey) ? clampKeyShift(settings.keyShift) : 0
  return rate === 1 && semitones === 0 ? null : { rate, semitones }
}

/** The session's stored settings, whatever was stored: anything unreadable is the default. */
export function parseAuditionSettings(stored: string | null): AuditionSettings {
  if (!stored) return DEFAULT_AUDITION
  try {
    const value: unknown = JSON.parse(stored)
    if (typeof value !== 'object' || value === null) return DEFAULT_AUDITION
    const { myBpm, keyShift } = value as Record<string, unknown>
    return {
      myBpm: typeof myBpm === 'number' ? clampMyBpm(myBpm) : null,
      keyShift: typeof keyShift === 'number' ? clampKeyShift(keyShift) : 0,
    }
  } catch {
    return DEFAULT_AUDITION
  }
}

/** "+2", "−3", "0": a shift as the controls write it. */
export function formatSemitones(semitones: number): string {
  if (semitones > 0) return `+${semitones}`
  if (semitones < 0) return `−${Math.abs(semitones)}`
  return '0'
}

/** "120" or "97.5": a tempo to a tenth, without a trailing ".0". */
function formatBpm(bpm: number): string {
  return String(Math.round(bpm * 10) / 10)
}

/**
 * What the preview plays, in a line: "130 → 90 BPM · D minor +2 → E minor", "As recorded:
 * 130 BPM · D minor", or why nothing can change ("No tempo or key: plays as recorded").
 */
export function describeAudition(subject: AuditionSubject, settings: AuditionSettings): string {
  const plan = stretchPlan(subject, settings)
  const key = subject.musicKey ? musicKeyById(subject.musicKey) : null
  const parts: string[] = []
  if (subject.bpm !== null) {
    const heard = subject.bpm * (plan?.rate ?? 1)
    parts.push(plan && plan.rate !== 1 ? `${formatBpm(subject.bpm)} → ${formatBpm(heard)} BPM` : `${formatBpm(subject.bpm)} BPM`)
  }
  if (key) {
    const shift = plan?.semitones ?? 0
    parts.push(shift !== 0 ? `${key.name} ${formatSemitones(shift)} → ${transposeKey(key, shift).name}` : key.name)
  }
  if (parts.length === 0) return 'No tempo or key on file: plays as recorded'
  return plan ? parts.join(' · ') : `As recorded: ${parts.join(' · ')}`
}

/** True when "My BPM" asks for more than the 0.5×–2× the loop is stretched by. */
export function isTempoLimited(subject: AuditionSubject, settings: AuditionSettings): boolean {
  if (subject.bpm === null || settings.myBpm === null) return false
  const wanted = settings.myBpm / subject.bpm
  return wanted < TEMPO_RATIO_LIMITS.min || wanted > TEMPO_RATIO_LIMITS.max
}
