/** Keys, scales and chord voicings shared by the demo synthesiser and the MIDI file writer. */

export type ScaleName = 'major' | 'minor' | 'dorian' | 'phrygian' | 'mixolydian' | 'harmonic minor'

export interface MusicalKey {
  /** Pitch class of the tonic, 0 = C. */
  root: number
  scale: ScaleName
}

const NOTE_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const
const FLAT_NAMES: Record<string, number> = { Db: 1, Eb: 3, Gb: 6, Ab: 8, Bb: 10 }

const SCALES: Record<ScaleName, readonly number[]> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  phrygian: [0, 1, 3, 5, 7, 8, 10],
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
  'harmonic minor': [0, 2, 3, 5, 7, 8, 11],
}

const SHORT_SCALE: Record<ScaleName, string> = {
  major: 'maj',
  minor: 'min',
  dorian: 'dor',
  phrygian: 'phr',
  mixolydian: 'mix',
  'harmonic minor': 'hmin',
}

/** Pitch class of a note name such as "A", "F#" or "Bb". */
export function pitchClass(name: string): number {
  const sharp = NOTE_NAMES.indexOf(name as (typeof NOTE_NAMES)[number])
  if (sharp >= 0) return sharp
  const flat = FLAT_NAMES[name]
  if (flat === undefined) throw new RangeError(`Unknown note name: ${name}`)
  return flat
}

/** "A minor" → { root: 9, scale: 'minor' }. */
export function parseKey(label: string): MusicalKey {
  const match = /^([A-G](?:#|b)?)\s+(.+)$/.exec(label.trim())
  const scale = match?.[2]?.toLowerCase() as ScaleName | undefined
  if (!match?.[1] || !scale || !(scale in SCALES)) throw new RangeError(`Unknown key: ${label}`)
  return { root: pitchClass(match[1]), scale }
}

/** Sharp spelling of a pitch class, but the flats producers actually write for Bb and Eb. */
export function pitchName(pc: number): string {
  const normal = ((pc % 12) + 12) % 12
  return normal === 10 ? 'Bb' : normal === 3 ? 'Eb' : (NOTE_NAMES[normal] ?? 'C')
}

/** "C4" for MIDI 60, the convention SFZ and most DAWs share. */
export function midiNoteName(midi: number): string {
  return `${pitchName(midi)}${Math.floor(midi / 12) - 1}`
}

/** The compact key code used in file names: "Amin", "Ebmaj", "Ddor". */
export function keyCode(key: MusicalKey): string {
  return `${pitchName(key.root)}${SHORT_SCALE[key.scale]}`
}

export function midiToFrequency(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12)
}

/** MIDI note of a scale degree (0-based, may run past 6 or below 0) with its tonic in the given octave (C4 = 60). */
export function scaleNote(key: MusicalKey, degree: number, octave: number): number {
  const intervals = SCALES[key.scale]
  const wrapped = ((degree % 7) + 7) % 7
  return 12 * (octave + 1) + key.root + (intervals[wrapped] ?? 0) + 12 * Math.floor(degree / 7)
}

/** Every MIDI note of the key between low and high, inclusive. */
export function scaleNotesBetween(key: MusicalKey, low: number, high: number): number[] {
  const pcs = new Set(SCALES[key.scale].map((step) => (key.root + step) % 12))
  const notes: number[] = []
  for (let midi = low; midi <= high; midi++) if (pcs.has(midi % 12)) notes.push(midi)
  return notes
}

/** Stacked diatonic thirds on a 1-based degree: 3 notes = triad, 4 = seventh, 5 = ninth. */
export function chordTones(key: MusicalKey, degree: number, size: number): number[] {
  const tones: number[] = []
  for (let i = 0; i < size; i++) tones.push(scaleNote(key, degree - 1 + 2 * i, 3))
  return tones
}

/**
 * Places each chord tone in the octave nearest `centre`, so consecutive chords move by small
 * steps (cheap voice leading) instead of jumping in root position.
 */
export function voiceChord(tones: readonly number[], centre: number): number[] {
  const voiced = tones.map((tone) => {
    const pc = ((tone % 12) + 12) % 12
    let best = pc
    for (let candidate = pc; candidate < 128; candidate += 12) {
      if (Math.abs(candidate - centre) < Math.abs(best - centre)) best = candidate
    }
    return best
  })
  const unique = [...new Set(voiced)].sort((a, b) => a - b)
  // Two tones a semitone apart in the same octave sound like a mistake in a pad; spread them.
  for (let i = 1; i < unique.length; i++) {
    const previous = unique[i - 1] ?? 0
    const current = unique[i] ?? 0
    if (current - previous === 1) unique[i] = current + 12
  }
  return unique.sort((a, b) => a - b)
}

/** The note the chord is named after, in the given octave. */
export function chordRoot(key: MusicalKey, degree: number, octave: number): number {
  return scaleNote(key, degree - 1, octave)
}

/**
 * Key signature as @tonejs/midi encodes it: the major key with the same accidentals plus the
 * mode flag (A minor is written as key "C", scale "minor").
 */
export function midiKeySignature(key: MusicalKey): { key: string; scale: 'major' | 'minor' } {
  const offsetToMajor: Record<ScaleName, number> = { major: 0, minor: 3, 'harmonic minor': 3, dorian: -2, phrygian: -4, mixolydian: 5 }
  const majorPc = (((key.root + offsetToMajor[key.scale]) % 12) + 12) % 12
  const names = ['C', 'Db', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B']
  return { key: names[majorPc] ?? 'C', scale: key.scale === 'major' || key.scale === 'mixolydian' ? 'major' : 'minor' }
}
