/** MIDI reference libraries sold as tools: chords in every key, scales, diatonic sevenths, swing and genre grooves. */
import { STEPS_PER_BAR, compose } from './composition.ts'
import type { SoundRecipe } from './composition.ts'
import type { Style } from './grooves.ts'
import { GM_DRUMS, addTrack, midiBytes, newMidi, scoreToMidi, ticksPerStep } from './midi-files.ts'
import type { NamedFile } from './midi-files.ts'
import { pitchName } from './music-theory.ts'
import type { MusicalKey } from './music-theory.ts'

const PIANO = 0
const DRUM_CHANNEL = 9

export const CHORD_TYPES: readonly { symbol: string; name: string; intervals: readonly number[] }[] = [
  { symbol: '', name: 'major', intervals: [0, 4, 7] },
  { symbol: 'm', name: 'minor', intervals: [0, 3, 7] },
  { symbol: 'dim', name: 'diminished', intervals: [0, 3, 6] },
  { symbol: 'aug', name: 'augmented', intervals: [0, 4, 8] },
  { symbol: 'sus2', name: 'suspended 2nd', intervals: [0, 2, 7] },
  { symbol: 'sus4', name: 'suspended 4th', intervals: [0, 5, 7] },
  { symbol: '6', name: 'major 6th', intervals: [0, 4, 7, 9] },
  { symbol: 'm6', name: 'minor 6th', intervals: [0, 3, 7, 9] },
  { symbol: '7', name: 'dominant 7th', intervals: [0, 4, 7, 10] },
  { symbol: 'maj7', name: 'major 7th', intervals: [0, 4, 7, 11] },
  { symbol: 'm7', name: 'minor 7th', intervals: [0, 3, 7, 10] },
  { symbol: 'm7b5', name: 'half-diminished', intervals: [0, 3, 6, 10] },
  { symbol: 'dim7', name: 'diminished 7th', intervals: [0, 3, 6, 9] },
  { symbol: '9', name: 'dominant 9th', intervals: [0, 4, 7, 10, 14] },
  { symbol: 'maj9', name: 'major 9th', intervals: [0, 4, 7, 11, 14] },
  { symbol: 'm9', name: 'minor 9th', intervals: [0, 3, 7, 10, 14] },
]

export const SCALE_TYPES: readonly { name: string; intervals: readonly number[] }[] = [
  { name: 'Major', intervals: [0, 2, 4, 5, 7, 9, 11] },
  { name: 'Natural Minor', intervals: [0, 2, 3, 5, 7, 8, 10] },
  { name: 'Harmonic Minor', intervals: [0, 2, 3, 5, 7, 8, 11] },
  { name: 'Dorian', intervals: [0, 2, 3, 5, 7, 9, 10] },
  { name: 'Phrygian', intervals: [0, 1, 3, 5, 7, 8, 10] },
  { name: 'Lydian', intervals: [0, 2, 4, 6, 7, 9, 11] },
  { name: 'Mixolydian', intervals: [0, 2, 4, 5, 7, 9, 10] },
  { name: 'Locrian', intervals: [0, 1, 3, 5, 6, 8, 10] },
  { name: 'Major Pentatonic', intervals: [0, 2, 4, 7, 9] },
  { name: 'Minor Pentatonic', intervals: [0, 3, 5, 7, 10] },
]

const KEYS = Array.from({ length: 12 }, (_, pc) => pc)
const fileSafe = (text: string): string => text.replace(/#/g, 's').replace(/[^A-Za-z0-9]+/g, '_')

/** One file per key, one chord per bar, with a marker naming each chord. */
export function chordAtlasFiles(): NamedFile[] {
  return KEYS.map((root) => {
    const midi = newMidi(`Chord Atlas - ${pitchName(root)}`, 90)
    const track = addTrack(midi, `Chords in ${pitchName(root)}`, PIANO)
    const bar = ticksPerStep(midi) * STEPS_PER_BAR
    CHORD_TYPES.forEach((chord, index) => {
      midi.header.meta.push({ type: 'marker', text: `${pitchName(root)}${chord.symbol}`, ticks: index * bar })
      for (const interval of chord.intervals) track.addNote({ midi: 60 + root + interval, ticks: index * bar, durationTicks: bar - 10, velocity: 0.8 })
    })
    return { name: `Chord_Atlas_${fileSafe(pitchName(root))}.mid`, data: midiBytes(midi) }
  })
}

export function chordChartText(): string {
  const lines = ['ALS Chord Atlas: notes of every chord in every key', '']
  for (const root of KEYS) {
    lines.push(`Key of ${pitchName(root)}`)
    for (const chord of CHORD_TYPES) {
      const notes = chord.intervals.map((interval) => pitchName(root + interval)).join(' ')
      lines.push(`  ${(pitchName(root) + chord.symbol).padEnd(8)} ${chord.name.padEnd(18)} ${notes}`)
    }
    lines.push('')
  }
  return lines.join('\n')
}

/** One file per scale, one named track per key, running up and down an octave in 8ths. */
export function scaleLibraryFiles(): NamedFile[] {
  return SCALE_TYPES.map((scale) => {
    const midi = newMidi(`${scale.name} scales`, 100)
    const eighth = ticksPerStep(midi) * 2
    for (const root of KEYS) {
      const track = addTrack(midi, `${pitchName(root)} ${scale.name}`, PIANO)
      const up = [...scale.intervals, 12].map((interval) => 60 + root + interval)
      const run = [...up, ...up.slice(0, -1).reverse()]
      run.forEach((note, index) => track.addNote({ midi: note, ticks: index * eighth, durationTicks: eighth - 10, velocity: index === 0 ? 0.9 : 0.75 }))
    }
    return { name: `Scales_${fileSafe(scale.name)}.mid`, data: midiBytes(midi) }
  })
}

export function scaleTableCsv(): string {
  const rows = ['Key,Scale,Notes']
  for (const scale of SCALE_TYPES) {
    for (const root of KEYS) rows.push(`${pitchName(root)},${scale.name},${scale.intervals.map((interval) => pitchName(root + interval)).join(' ')}`)
  }
  return rows.join('\n') + '\n'
}

/** The chord symbol of a set of pitch classes built on `root`, or the root alone if unnamed. */
export function chordSymbol(root: number, notes: readonly number[]): string {
  const intervals = [...new Set(notes.map((note) => (((note - root) % 12) + 12) % 12))].sort((a, b) => a - b).join()
  const match = CHORD_TYPES.find((chord) => [...new Set(chord.intervals.map((i) => i % 12))].sort((a, b) => a - b).join() === intervals)
  return `${pitchName(root)}${match?.symbol ?? ''}`
}

/** Diatonic seventh chords of all 24 major and minor keys, I to vii and back to I, with markers. */
export function diatonicSeventhFiles(): NamedFile[] {
  const files: NamedFile[] = []
  for (const scale of ['major', 'minor'] as const) {
    const intervals = scale === 'major' ? [0, 2, 4, 5, 7, 9, 11] : [0, 2, 3, 5, 7, 8, 10]
    const numerals = scale === 'major' ? ['I', 'ii', 'iii', 'IV', 'V', 'vi', 'vii'] : ['i', 'ii', 'III', 'iv', 'v', 'VI', 'VII']
    for (const root of KEYS) {
      const key: MusicalKey = { root, scale }
      const label = `${pitchName(root)} ${scale === 'major' ? 'Major' : 'Minor'}`
      const midi = newMidi(`Diatonic sevenths - ${label}`, 90, key)
      const track = addTrack(midi, label, PIANO)
      const bar = ticksPerStep(midi) * STEPS_PER_BAR
      for (let degree = 0; degree < 8; degree++) {
        const d = degree % 7
        const notes = [0, 2, 4, 6].map((third) => {
          const index = d + third
          return 60 + root + (intervals[index % 7] ?? 0) + 12 * Math.floor(index / 7)
        })
        midi.header.meta.push({ type: 'marker', text: `${numerals[d]} ${chordSymbol(notes[0] ?? 0, notes)}`, ticks: degree * bar })
        for (const note of notes) track.addNote({ midi: note, ticks: degree * bar, durationTicks: bar - 10, velocity: 0.8 })
      }
      files.push({ name: `Diatonic_Sevenths_${fileSafe(label)}.mid`, data: midiBytes(midi) })
    }
  }
  return files
}

/** Two bars of 16th hats with the off-16ths pushed late: 50% is straight, 66% is triplet feel. */
export function swingTemplateFiles(): NamedFile[] {
  return [50, 54, 58, 62, 66, 70].map((percent) => {
    const midi = newMidi(`Swing ${percent}%`, 100)
    const track = addTrack(midi, `Swing ${percent}% (16th)`, 0, DRUM_CHANNEL)
    const step = ticksPerStep(midi)
    const push = Math.round(((percent / 100) * 2 - 1) * step)
    for (let i = 0; i < STEPS_PER_BAR * 2; i++) {
      const ticks = i * step + (i % 2 === 1 ? push : 0)
      track.addNote({ midi: GM_DRUMS.hat, ticks, durationTicks: Math.round(step / 2), velocity: i % 4 === 0 ? 0.95 : i % 2 === 0 ? 0.75 : 0.55 })
      if (i % 4 === 0) track.addNote({ midi: GM_DRUMS.kick, ticks, durationTicks: Math.round(step / 2), velocity: 0.9 })
    }
    return { name: `Swing_16th_${percent}pct.mid`, data: midiBytes(midi) }
  })
}

const GENRE_GROOVES: readonly { style: Style; bpm: number; label: string }[] = [
  { style: 'house', bpm: 124, label: 'House' },
  { style: 'deep-house', bpm: 122, label: 'Deep_House' },
  { style: 'garage', bpm: 132, label: 'UK_Garage' },
  { style: 'techno', bpm: 130, label: 'Techno' },
  { style: 'afro-house', bpm: 122, label: 'Afro_House' },
  { style: 'trap', bpm: 140, label: 'Trap' },
  { style: 'boom-bap', bpm: 90, label: 'Boom_Bap' },
  { style: 'dnb', bpm: 174, label: 'Drum_and_Bass' },
]

/** Four bars of each genre's drum groove (with its swing), GM-mapped. */
export function genreGrooveFiles(): NamedFile[] {
  return GENRE_GROOVES.map(({ style, bpm, label }) => {
    const recipe: SoundRecipe = { style, bpm, key: 'C minor', parts: ['drums'], progression: [1] }
    const score = compose(recipe, { bars: 4, seed: `groove|${style}`, fill: true })
    return { name: `Groove_${label}_${bpm}bpm.mid`, data: scoreToMidi(score, ['drums'], `${label.replace(/_/g, ' ')} groove`) }
  })
}
