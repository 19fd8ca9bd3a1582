/**
 * Standard MIDI Files written with @tonejs/midi: a score's parts as named tracks (drums on the
 * GM channel 10), and the file set of each MIDI pack.
 */
import * as tonejsMidi from '@tonejs/midi'
import type { Midi as MidiFileObject, Track } from '@tonejs/midi'
import type { ProductDefinition } from './catalog-types.ts'
import { STEPS_PER_BAR, compose } from './composition.ts'
import type { PartName, Score, SoundRecipe } from './composition.ts'
import { GROOVES } from './grooves.ts'
import type { BassSound, ChordSound, DrumName, LeadSound } from './grooves.ts'
import { keyCode, midiKeySignature, parseKey } from './music-theory.ts'
import type { MusicalKey } from './music-theory.ts'
import { createRandom } from './prng.ts'
import type { Random } from './prng.ts'

// @tonejs/midi is CommonJS: Node's own ESM loader exposes it only as a default export, while
// bundlers and tsx also give named exports.
const Midi = tonejsMidi.Midi ?? (tonejsMidi as unknown as { default: typeof tonejsMidi }).default.Midi

export interface NamedFile {
  name: string
  data: Uint8Array
}

const DRUM_CHANNEL = 9
export const GM_DRUMS: Record<DrumName, number> = { kick: 36, rim: 37, snare: 38, clap: 39, hat: 42, tom: 45, openhat: 46, conga: 63, shaker: 82 }
const CHORD_PROGRAMS: Record<ChordSound, number> = { epiano: 4, pad: 89, stab: 62, pluck: 45, organ: 16, strings: 48, bell: 14, supersaw: 90 }
const BASS_PROGRAMS: Record<BassSound, number> = { sub: 38, '808': 38, saw: 38, reese: 39, round: 33, acid: 38 }
const LEAD_PROGRAMS: Record<LeadSound, number> = { square: 80, saw: 81, pluck: 45, bell: 14, flute: 73 }
const PART_TRACK_NAMES: Record<PartName, string> = { drums: 'Drums', bass: 'Bass', chords: 'Chords', lead: 'Melody', arp: 'Arp' }

/** An empty file with tempo, 4/4 and (when given) key signature in its header. */
export function newMidi(title: string, bpm: number, key?: MusicalKey): MidiFileObject {
  const midi = new Midi()
  midi.header.name = title
  midi.header.setTempo(bpm)
  midi.header.timeSignatures.push({ ticks: 0, timeSignature: [4, 4] })
  if (key) midi.header.keySignatures.push({ ticks: 0, ...midiKeySignature(key) })
  midi.header.update()
  return midi
}

/** Key names by number of sharps (−7 to 7), as the Standard MIDI File key-signature event counts them. */
const SIGNATURE_KEYS = ['Cb', 'Gb', 'Db', 'Ab', 'Eb', 'Bb', 'F', 'C', 'G', 'D', 'A', 'E', 'B', 'F#', 'C#']

/**
 * The file's bytes. @tonejs/midi 2.0.28 writes the key-signature sharps count off by 14
 * (Tonejs/Midi issue #173), so the FF 59 02 event is rewritten with the right count and mode.
 */
export function midiBytes(midi: MidiFileObject): Uint8Array {
  const bytes = midi.toArray()
  const signature = midi.header.keySignatures[0]
  if (!signature) return bytes
  const sharps = SIGNATURE_KEYS.indexOf(signature.key) - 7
  for (let i = 0; i + 4 < bytes.length; i++) {
    if (bytes[i] === 0xff && bytes[i + 1] === 0x59 && bytes[i + 2] === 0x02) {
      bytes[i + 3] = sharps & 0xff
      bytes[i + 4] = signature.scale === 'minor' ? 1 : 0
      break
    }
  }
  return bytes
}

export function ticksPerStep(midi: MidiFileObject): number {
  return midi.header.ppq / 4
}

export function addTrack(midi: MidiFileObject, name: string, program: number, channel = 0): Track {
  const track = midi.addTrack()
  track.name = name
  track.channel = channel
  track.instrument.number = channel === DRUM_CHANNEL ? 0 : program
  return track
}

/** The score's chosen parts, one named track each. */
export function scoreToMidi(score: Score, parts: readonly PartName[], title: string): Uint8Array {
  const midi = newMidi(title, score.bpm, score.key)
  const tick = ticksPerStep(midi)
  parts.forEach((part, index) => {
    if (part === 'drums') {
      const track = addTrack(midi, 'Drums', 0, DRUM_CHANNEL)
      for (const hit of score.drums) {
        track.addNote({ midi: GM_DRUMS[hit.drum], ticks: Math.round(hit.step * tick), durationTicks: tick, velocity: hit.velocity })
      }
      return
    }
    const program =
      part === 'bass' ? BASS_PROGRAMS[score.sounds.bass] : part === 'chords' ? CHORD_PROGRAMS[score.sounds.chord] : LEAD_PROGRAMS[score.sounds.lead]
    // Channel 10 is reserved for drums, so melodic parts skip it.
    const track = addTrack(midi, PART_TRACK_NAMES[part], program, index >= DRUM_CHANNEL ? index + 1 : index)
    for (const note of score[part]) {
      track.addNote({
        midi: note.midi,
        ticks: Math.round(note.step * tick),
        durationTicks: Math.max(1, Math.round(note.length * tick)),
        velocity: note.velocity,
      })
    }
  })
  return midiBytes(midi)
}

/** Alternative progressions (1-based degrees) a pack adds to the recipe's own. */
const MINOR_PROGRESSIONS = [
  [1, 6, 3, 7],
  [1, 4, 5, 1],
  [6, 7, 1, 1],
  [1, 7, 6, 7],
  [1, 3, 7, 4],
]
const MAJOR_PROGRESSIONS = [
  [1, 5, 6, 4],
  [2, 5, 1, 6],
  [1, 4, 2, 5],
  [4, 5, 3, 6],
  [1, 6, 4, 5],
]

function packProgressions(recipe: SoundRecipe): number[][] {
  const key = parseKey(recipe.key)
  const bank = key.scale === 'major' || key.scale === 'mixolydian' ? MAJOR_PROGRESSIONS : MINOR_PROGRESSIONS
  const others = bank.filter((progression) => progression.join() !== recipe.progression.join())
  return [recipe.progression, ...others.slice(0, 2)]
}

/** File stem used across a product's files: "ALS_Neo_Soul_Progressions". */
export function fileStem(name: string): string {
  const words = name
    .replace(/\bvol\.?\s*\d+/i, '')
    .replace(/&/g, 'and')
    .match(/[A-Za-z0-9]+/g) ?? ['Pack']
  return `ALS_${words.join('_')}`
}

/**
 * A MIDI pack: three chord progressions, two bass lines, two melodies (or arps), a drum groove
 * and a full arrangement; a drums-only pack gets eight groove variations instead.
 */
export function midiPackFiles(product: ProductDefinition): NamedFile[] {
  const recipe = product.sound
  const stem = fileStem(product.name)
  const tempo = `${recipe.bpm}bpm`
  if (product.metadata.key === undefined) return grooveVariations(product, stem, tempo)
  const key = keyCode(parseKey(recipe.key))
  const melodic: PartName = recipe.parts.includes('arp') ? 'arp' : 'lead'
  const progressions = packProgressions(recipe)
  const files: NamedFile[] = []
  const number = (index: number): string => String(index + 1).padStart(2, '0')
  const scoreFor = (index: number, bars = 4): Score =>
    compose(recipe, { bars, seed: `${product.slug}|${index}`, progression: progressions[index % progressions.length] ?? recipe.progression })

  progressions.forEach((_, index) => {
    files.push({ name: `${stem}_Chords_${number(index)}_${tempo}_${key}.mid`, data: scoreToMidi(scoreFor(index), ['chords'], `Chords ${number(index)}`) })
  })
  for (let index = 0; index < 2; index++) {
    files.push({ name: `${stem}_Bass_${number(index)}_${tempo}_${key}.mid`, data: scoreToMidi(scoreFor(index), ['bass'], `Bass ${number(index)}`) })
  }
  const label = melodic === 'arp' ? 'Ostinato' : 'Melody'
  for (let index = 0; index < 2; index++) {
    files.push({ name: `${stem}_${label}_${number(index)}_${tempo}_${key}.mid`, data: scoreToMidi(scoreFor(index), [melodic], `${label} ${number(index)}`) })
  }
  files.push({ name: `${stem}_Drums_${tempo}.mid`, data: scoreToMidi(scoreFor(0), ['drums'], 'Drums') })
  const arrangement = scoreFor(0, 8)
  files.push({ name: `${stem}_Full_Arrangement_${tempo}_${key}.mid`, data: scoreToMidi(arrangement, ['drums', 'bass', 'chords', melodic], 'Full Arrangement') })
  return files
}

function grooveVariations(product: ProductDefinition, stem: string, tempo: string): NamedFile[] {
  const base = GROOVES[product.sound.style].drums
  const random = createRandom(`${product.slug}|grooves`)
  const seen = new Set<string>()
  const files: NamedFile[] = []
  for (let attempt = 0; files.length < 8 && attempt < 64; attempt++) {
    const drums = attempt === 0 ? base : varyGroove(base, random)
    const signature = JSON.stringify(drums)
    if (seen.has(signature)) continue
    seen.add(signature)
    const number = String(files.length + 1).padStart(2, '0')
    const score = compose(product.sound, { bars: 4, seed: `${product.slug}|groove|${number}`, drums, fill: files.length % 2 === 1 })
    files.push({ name: `${stem}_Groove_${number}_${tempo}.mid`, data: scoreToMidi(score, ['drums'], `Groove ${number}`) })
  }
  return files
}

/** Two or three producer-style edits of a drum pattern: ghost snares, kick pushes, busier hats, an open hat. */
export function varyGroove(base: Partial<Record<DrumName, string>>, random: Random): Partial<Record<DrumName, string>> {
  const drums = { ...base }
  const edit = (drum: DrumName, step: number, char: string): void => {
    const pattern = drums[drum] ?? '.'.repeat(STEPS_PER_BAR)
    drums[drum] = pattern.slice(0, step) + char + pattern.slice(step + 1)
  }
  const edits = [
    () => edit('snare', pick16(random, [7, 9, 11, 15]), 'o'),
    () => edit('kick', pick16(random, [3, 6, 11, 14]), 'x'),
    () => edit('kick', pick16(random, [8, 10]), '.'),
    () => (drums.hat = 'xoxoxoxoxoxoxoxo'),
    () => (drums.hat = 'x.x.x.x.x.x.x.x.'),
    () => edit('openhat', pick16(random, [6, 14]), 'x'),
    () => edit('rim', pick16(random, [3, 10, 13]), 'o'),
  ]
  const count = 2 + Math.floor(random() * 2)
  for (let i = 0; i < count; i++) edits[Math.floor(random() * edits.length)]?.()
  return drums
}

function pick16(random: Random, steps: number[]): number {
  return steps[Math.floor(random() * steps.length)] ?? 0
}
