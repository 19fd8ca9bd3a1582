/**
 * Musical keys as producers filter by them: 24 keys (12 tonics, major or minor), each with a short
 * id used in addresses and columns ("C#m", "Eb"), a name ("C# minor", "Eb major") and its place on
 * the Camelot wheel. A mode is filed under the key whose third it shares (D phrygian and G dorian
 * are minor keys, A mixolydian a major one), because that is what mixes with it.
 */

/** One spelling per pitch class and quality, as keys are usually written (Db major but C# minor). */
const MAJOR_TONICS = ['C', 'Db', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'] as const
const MINOR_TONICS = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'G#', 'A', 'Bb', 'B'] as const

const PITCH_CLASS: Record<string, number> = {
  c: 0,
  'b#': 0,
  'c#': 1,
  db: 1,
  d: 2,
  'd#': 3,
  eb: 3,
  e: 4,
  fb: 4,
  'e#': 5,
  f: 5,
  'f#': 6,
  gb: 6,
  g: 7,
  'g#': 8,
  ab: 8,
  a: 9,
  'a#': 10,
  bb: 10,
  b: 11,
  cb: 11,
}

const MINOR_WORDS = new Set(['m', 'min', 'minor', 'aeolian', 'dorian', 'phrygian', 'locrian', 'harmonic minor', 'melodic minor'])
const MAJOR_WORDS = new Set(['', 'maj', 'major', 'ionian', 'lydian', 'mixolydian'])

export interface MusicKey {
  /** "C#m", "Eb": what addresses, the API and the database carry. */
  id: string
  /** "C# minor", "Eb major". */
  name: string
  pitchClass: number
  minor: boolean
  /** "12A": the Camelot wheel's number (1–12) and letter (A minor, B major). */
  camelot: string
}

function keyOf(pitchClass: number, minor: boolean): MusicKey {
  const tonic = (minor ? MINOR_TONICS : MAJOR_TONICS)[pitchClass]!
  // On the Camelot wheel a step of a fifth is one number; C major is 8B and A minor, its relative, 8A.
  const number = (((minor ? pitchClass + 3 : pitchClass) % 12) * 7) % 12
  const camelot = `${((number + 7) % 12) + 1}${minor ? 'A' : 'B'}`
  return { id: `${tonic}${minor ? 'm' : ''}`, name: `${tonic} ${minor ? 'minor' : 'major'}`, pitchClass, minor, camelot }
}

/** Every key, minor keys first then major, each in tonic order from C. */
export const MUSIC_KEYS: readonly MusicKey[] = [true, false].flatMap((minor) => MAJOR_TONICS.map((_, pitchClass) => keyOf(pitchClass, minor)))

const BY_ID = new Map(MUSIC_KEYS.map((key) => [key.id, key]))
const BY_CAMELOT = new Map(MUSIC_KEYS.map((key) => [key.camelot.toLowerCase(), key]))

export function musicKeyById(id: string): MusicKey | null {
  return BY_ID.get(id) ?? null
}

/**
 * The key a written key names, however it is written: "C# minor", "Dbm", "c#min", "D phrygian",
 * "A mixolydian", "8A". Null when it names none.
 */
export function parseMusicKey(text: string): MusicKey | null {
  const written = text.trim().toLowerCase().replace(/♯/g, '#').replace(/♭/g, 'b').replace(/\s+/g, ' ')
  if (!written) return null
  const camelot = BY_CAMELOT.get(written)
  if (camelot) return camelot
  const match = /^([a-g](?:#|b)?)\s*(.*)$/.exec(written)
  if (!match) return null
  const pitchClass = PITCH_CLASS[match[1]!]
  const quality = match[2]!.trim()
  if (pitchClass === undefined) return null
  if (MINOR_WORDS.has(quality)) return keyOf(pitchClass, true)
  if (MAJOR_WORDS.has(quality)) return keyOf(pitchClass, false)
  return null
}

/**
 * Keys that mix with this one: itself, its relative major or minor, and its two neighbours on
 * the circle of fifths (one Camelot number either side, same letter).
 */
export function compatibleKeys(key: MusicKey): MusicKey[] {
  const relative = keyOf((key.pitchClass + (key.minor ? 3 : 9)) % 12, !key.minor)
  const up = keyOf((key.pitchClass + 7) % 12, key.minor)
  const down = keyOf((key.pitchClass + 5) % 12, key.minor)
  return [key, relative, down, up]
}

/** The key a pitch shift of this many semitones (either way) lands on: Am +2 is Bm, Eb −3 is C. */
export function transposeKey(key: MusicKey, semitones: number): MusicKey {
  return keyOf((((key.pitchClass + Math.round(semitones)) % 12) + 12) % 12, key.minor)
}
