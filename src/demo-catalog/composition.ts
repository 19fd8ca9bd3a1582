/**
 * Turns a product's sound recipe into a score (drum hits and notes on a 16th-note grid) that
 * both the synthesiser and the MIDI writer play, so a pack's audio and MIDI always agree.
 */
import { GROOVES, stepVelocity } from './grooves.ts'
import type { BassSound, ChordSound, DrumName, LeadSound, Style } from './grooves.ts'
import { chordRoot, chordTones, parseKey, scaleNotesBetween, voiceChord } from './music-theory.ts'
import type { MusicalKey } from './music-theory.ts'
import { createRandom } from './prng.ts'
import type { Random } from './prng.ts'

export type PartName = 'drums' | 'bass' | 'chords' | 'lead' | 'arp'

/** How a product's preview (and its loops and MIDI) should sound. */
export interface SoundRecipe {
  style: Style
  bpm: number
  /** "A minor", "Eb major", "D dorian". */
  key: string
  parts: PartName[]
  /** 1-based scale degrees, one chord per bar, repeated as needed. */
  progression: number[]
  chordSize?: number
  chordSound?: ChordSound
  bassSound?: BassSound
  leadSound?: LeadSound
  swing?: number
  fx?: { reverb?: number; delay?: number; drive?: number }
}

export interface NoteEvent {
  /** Start, in 16th notes from the top of bar 1 (fractional after swing). */
  step: number
  /** Length in 16th notes. */
  length: number
  midi: number
  velocity: number
}

export interface DrumHit {
  step: number
  drum: DrumName
  velocity: number
}

export interface Score {
  bpm: number
  bars: number
  key: MusicalKey
  style: Style
  drums: DrumHit[]
  bass: NoteEvent[]
  chords: NoteEvent[]
  lead: NoteEvent[]
  arp: NoteEvent[]
  sounds: { chord: ChordSound; bass: BassSound; lead: LeadSound }
}

export interface ComposeOptions {
  bars: number
  /** Seeds the melody and humanisation; use the product slug plus a variation name. */
  seed: string
  /** Overrides the recipe's progression (MIDI packs ship several). */
  progression?: number[]
  /** A snare/tom fill over the last beat of the last bar. */
  fill?: boolean
  /** Replaces the style's drum patterns (groove variations in MIDI packs). */
  drums?: Partial<Record<DrumName, string>>
}

export const STEPS_PER_BAR = 16

/** Builds the full score for a recipe; every part is written, the renderer picks which to play. */
export function compose(recipe: SoundRecipe, options: ComposeOptions): Score {
  const groove = GROOVES[recipe.style]
  const key = parseKey(recipe.key)
  const random = createRandom(`${options.seed}|${recipe.style}|${recipe.key}`)
  const progression = options.progression ?? recipe.progression
  const degrees = Array.from({ length: options.bars }, (_, bar) => progression[bar % progression.length] ?? 1)
  const swing = recipe.swing ?? groove.swing
  const swung = (step: number): number => (Math.floor(step) % 2 === 1 ? step + swing : step)
  const sounds = {
    chord: recipe.chordSound ?? groove.chordSound,
    bass: recipe.bassSound ?? groove.bassSound,
    lead: recipe.leadSound ?? groove.leadSound,
  }
  const chordSize = recipe.chordSize ?? groove.chordSize
  const score: Score = { bpm: recipe.bpm, bars: options.bars, key, style: recipe.style, drums: [], bass: [], chords: [], lead: [], arp: [], sounds }

  score.drums = writeDrums(options.drums ?? groove.drums, options.bars, random, swung, options.fill === true)
  score.bass = writeBass(groove.bass, key, degrees, sounds.bass, random, swung)
  const voicings = voiceProgression(key, degrees, chordSize, sounds.chord === 'bell' ? 72 : 63)
  score.chords = writeChords(groove.chords, voicings, sounds.chord, random, swung)
  score.lead = writeMelody(key, voicings, groove.leadDensity, sounds.lead === 'flute' ? [62, 79] : [67, 84], createRandom(`${options.seed}|melody`), swung)
  score.arp = writeArp(voicings, groove.arpRate, swung)
  return score
}

/** Splits a bass/chord step string into (start, length, octave-up) notes. */
function parseSteps(pattern: string): { step: number; length: number; up: boolean }[] {
  const notes: { step: number; length: number; up: boolean }[] = []
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]
    if (char === 'x' || char === 'o') notes.push({ step: i, length: 1, up: char === 'o' })
    else if (char === '-') {
      const last = notes[notes.length - 1]
      if (last) last.length++
    }
  }
  return notes
}

function humanise(random: Random, velocity: number): number {
  return Math.min(1, velocity * (0.9 + 0.12 * random()))
}

function writeDrums(patterns: Partial<Record<DrumName, string>>, bars: number, random: Random, swung: (step: number) => number, fill: boolean): DrumHit[] {
  const hits: DrumHit[] = []
  const fillDrum: DrumName | null = patterns.snare ? 'snare' : patterns.clap ? 'clap' : patterns.tom ? 'tom' : null
  for (let bar = 0; bar < bars; bar++) {
    const inFill = fill && fillDrum !== null && bar === bars - 1
    for (const [drum, pattern] of Object.entries(patterns) as [DrumName, string][]) {
      for (let i = 0; i < pattern.length; i++) {
        if (inFill && i >= 12 && (drum === fillDrum || drum === 'kick')) continue
        const velocity = stepVelocity(pattern[i] ?? '.')
        if (velocity === null) continue
        const step = bar * STEPS_PER_BAR + i
        hits.push({ step: swung(step), drum, velocity: humanise(random, velocity) })
        // A roll is a 32nd-note pair: the second hit lands halfway to the next step.
        if (pattern[i] === 'r') hits.push({ step: swung(step) + 0.5, drum, velocity: humanise(random, velocity * 0.7) })
      }
    }
    if (inFill && fillDrum) {
      for (let i = 12; i < 16; i++) {
        hits.push({ step: swung(bar * STEPS_PER_BAR + i), drum: fillDrum, velocity: 0.45 + 0.15 * (i - 12) })
      }
    }
  }
  return hits.sort((a, b) => a.step - b.step)
}

function writeBass(pattern: string, key: MusicalKey, degrees: number[], sound: BassSound, random: Random, swung: (step: number) => number): NoteEvent[] {
  const notes: NoteEvent[] = []
  const steps = parseSteps(pattern)
  const low = sound === '808' || sound === 'sub' ? 28 : 36
  degrees.forEach((degree, bar) => {
    let root = chordRoot(key, degree, 1)
    while (root < low) root += 12
    for (const note of steps) {
      let midi = root + (note.up ? 12 : 0)
      // Off-beat notes sometimes move to the fifth or octave so a repeated bar still walks.
      if (note.step % 4 !== 0 && !note.up) {
        const roll = random()
        if (sound === 'acid') midi += roll < 0.3 ? 12 : roll < 0.4 ? 7 : 0
        else if (roll < 0.15) midi += 7
        else if (roll < 0.22) midi += 12
      }
      const accent = note.step % 4 === 0 ? 1 : 0.8
      notes.push({ step: swung(bar * STEPS_PER_BAR + note.step), length: note.length * 0.95, midi, velocity: humanise(random, accent) })
    }
  })
  return notes
}

function voiceProgression(key: MusicalKey, degrees: number[], size: number, centre: number): number[][] {
  return degrees.map((degree) => voiceChord(chordTones(key, degree, size), centre))
}

function writeChords(pattern: string, voicings: number[][], sound: ChordSound, random: Random, swung: (step: number) => number): NoteEvent[] {
  const notes: NoteEvent[] = []
  const steps = parseSteps(pattern)
  // Keys and plucks get a slight strum; pads and stabs hit together.
  const strum = sound === 'epiano' || sound === 'pluck' ? 0.06 : 0
  voicings.forEach((chord, bar) => {
    for (const hit of steps) {
      const velocity = humanise(random, hit.step === 0 ? 0.9 : 0.75)
      chord.forEach((midi, index) => {
        notes.push({ step: swung(bar * STEPS_PER_BAR + hit.step) + index * strum, length: hit.length * 0.95 - index * strum, midi, velocity })
      })
    }
  })
  return notes
}

/**
 * A two-bar motif repeated over the loop: strong 8ths land on chord tones, weak ones move by
 * scale steps, and the last phrase resolves to a chord tone so the loop sounds finished.
 */
function writeMelody(
  key: MusicalKey,
  voicings: number[][],
  density: number,
  range: [number, number],
  random: Random,
  swung: (step: number) => number,
): NoteEvent[] {
  const bars = voicings.length
  const motifBars = Math.min(2, bars)
  const slots = motifBars * 8
  const rhythm: boolean[] = Array.from({ length: slots }, (_, slot) => slot === 0 || random() < density)
  const contour: number[] = Array.from({ length: slots }, () => Math.floor(random() * 5) - 2)
  const scale = scaleNotesBetween(key, range[0], range[1])
  const notes: NoteEvent[] = []
  let previous = scale[Math.floor(scale.length / 2)] ?? range[0]

  for (let bar = 0; bar < bars; bar++) {
    const chord = voicings[bar] ?? []
    for (let slot = 0; slot < 8; slot++) {
      const motifSlot = (bar % motifBars) * 8 + slot
      if (!rhythm[motifSlot]) continue
      const strong = slot % 4 === 0
      const lastNote = bar === bars - 1 && !rhythm.slice(motifSlot + 1).some(Boolean)
      if (strong || lastNote) previous = nearestChordTone(chord, previous, range, contour[motifSlot] ?? 0)
      else previous = stepInScale(scale, previous, contour[motifSlot] || 1)
      let length = 1
      while (slot + length < 8 && !rhythm[motifSlot + length] && length < 4) length++
      const step = bar * STEPS_PER_BAR + slot * 2
      notes.push({ step: swung(step), length: length * 2 * 0.9, midi: previous, velocity: strong ? 0.9 : 0.72 })
    }
  }
  return notes
}

function nearestChordTone(chord: number[], previous: number, range: [number, number], lean: number): number {
  let best = previous
  let bestDistance = Infinity
  for (const tone of chord) {
    for (let midi = tone % 12; midi <= range[1]; midi += 12) {
      if (midi < range[0]) continue
      const distance = Math.abs(midi - (previous + lean))
      if (distance < bestDistance) {
        best = midi
        bestDistance = distance
      }
    }
  }
  return best
}

function stepInScale(scale: number[], previous: number, move: number): number {
  let index = scale.findIndex((midi) => midi >= previous)
  if (index < 0) index = scale.length - 1
  const next = Math.max(0, Math.min(scale.length - 1, index + move))
  // Bounce off the edges of the range instead of sticking to them.
  const bounced = next === index ? Math.max(0, Math.min(scale.length - 1, index - move)) : next
  return scale[bounced] ?? previous
}

/** Up-and-down arpeggio of each bar's chord over two octaves. */
function writeArp(voicings: number[][], rate: 1 | 2, swung: (step: number) => number): NoteEvent[] {
  const notes: NoteEvent[] = []
  voicings.forEach((chord, bar) => {
    const triad = chord.slice(0, 3)
    // Sit the arp just above the chords whatever octave the chords were voiced in.
    const shift = 12 * Math.round((69 - (triad[0] ?? 69)) / 12)
    const tones = [...triad.map((midi) => midi + shift), ...triad.map((midi) => midi + shift + 12)]
    const sequence = [...tones, ...tones.slice(1, -1).reverse()]
    for (let i = 0; i * rate < STEPS_PER_BAR; i++) {
      const step = bar * STEPS_PER_BAR + i * rate
      notes.push({ step: swung(step), length: rate * 0.8, midi: sequence[i % sequence.length] ?? 72, velocity: i % 4 === 0 ? 0.85 : 0.65 })
    }
  })
  return notes
}
