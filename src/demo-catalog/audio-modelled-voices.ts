/** Modelled pitched voices: FM electric piano and bells, drawbar organ, plucked string, flute, 808 and sub. */
import { StateVariableFilter, decayMultiplier, noise, sineAt } from './audio-dsp.ts'
import { Adsr, voiceLength } from './audio-envelope.ts'
import type { NoteCall } from './audio-envelope.ts'
import { midiToFrequency } from './music-theory.ts'

// Per-sample helpers get local names: transpiled runners (vitest, tsx) turn every call to an
// imported function into a getter lookup, which costs more than the maths itself.
const sine = sineAt
const white = noise

export interface FmPatch {
  ratio: number
  index: number
  indexDecay: number
  ampDecay: number
  release: number
  /** Level of a fast-decaying high partial: the "tine" bark of an electric piano. */
  tine: number
}

export function fm(call: NoteCall, patch: FmPatch): void {
  const { out, start, sampleRate, velocity } = call
  const frequency = midiToFrequency(call.midi)
  const total = voiceLength(call, patch.release)
  // Higher notes die sooner, like real tines and bells.
  const pitchScale = Math.min(1.5, Math.max(0.35, 261 / frequency)) ** 0.5
  const ampStep = decayMultiplier(patch.ampDecay * pitchScale, sampleRate)
  const indexStep = decayMultiplier(patch.indexDecay, sampleRate)
  const releaseStep = decayMultiplier(patch.release, sampleRate)
  const tineStep = decayMultiplier(0.05, sampleRate)
  const tineOn = patch.tine > 0 && frequency * 7 < sampleRate * 0.45
  const attack = Math.round(0.002 * sampleRate)
  let amp = 1
  let index = patch.index * (0.6 + 0.4 * velocity)
  let tine = patch.tine
  let release = 1
  const increment = frequency / sampleRate
  const indexScale = 1 / (2 * Math.PI)
  for (let i = 0; i < total; i++) {
    const phase = i * increment
    const modulator = sine(phase * patch.ratio)
    let sample = sine(phase + index * indexScale * modulator)
    if (tineOn) sample += tine * sine(phase * 7)
    if (i >= call.length) release *= releaseStep
    const attackGain = i < attack ? i / attack : 1
    out[start + i] = (out[start + i] ?? 0) + sample * 0.45 * amp * release * attackGain * velocity
    amp *= ampStep
    index *= indexStep
    tine *= tineStep
  }
}

const ORGAN_DRAWBARS: readonly [number, number][] = [
  [0.5, 0.5],
  [1, 1],
  [2, 0.7],
  [3, 0.4],
  [4, 0.25],
  [6, 0.12],
]
const ORGAN_TABLE_SIZE = 2048
const organTables = new Map<string, Float64Array>()

/**
 * One period of the drawbar mix (the 16' sub drawbar sets the period), summed once per set of
 * drawbars that stays below Nyquist, so each sample is one table read instead of six sines.
 */
function organTable(frequency: number, sampleRate: number): Float64Array {
  const usable = ORGAN_DRAWBARS.filter(([ratio]) => frequency * ratio < sampleRate * 0.45)
  const key = usable.map(([ratio]) => ratio).join()
  let table = organTables.get(key)
  if (!table) {
    table = new Float64Array(ORGAN_TABLE_SIZE + 1)
    for (let i = 0; i <= ORGAN_TABLE_SIZE; i++) {
      for (const [ratio, level] of usable) table[i] = (table[i] ?? 0) + level * Math.sin((2 * Math.PI * i * ratio * 2) / ORGAN_TABLE_SIZE)
    }
    organTables.set(key, table)
  }
  return table
}

/** Drawbar organ: a handful of sine harmonics, a key click and a slow rotary wobble. */
export function organ(call: NoteCall): void {
  const { out, start, sampleRate, velocity } = call
  const frequency = midiToFrequency(call.midi)
  const table = organTable(frequency, sampleRate)
  const total = voiceLength(call, 0.06)
  const releaseStep = decayMultiplier(0.06, sampleRate)
  const click = Math.round(0.004 * sampleRate)
  const attack = 0.003 * sampleRate
  // The table holds one period of the sub drawbar, i.e. two periods of the played note.
  const increment = (frequency * 0.5) / sampleRate
  let release = 1
  for (let i = 0; i < total; i++) {
    const position = ((i * increment) % 1) * ORGAN_TABLE_SIZE
    const index = position | 0
    const low = table[index] ?? 0
    let sample = low + ((table[index + 1] ?? 0) - low) * (position - index)
    if (i < click) sample += white(call.random) * 0.4 * (1 - i / click)
    if (i >= call.length) release *= releaseStep
    const rotary = 1 + 0.12 * sine((6.2 * i) / sampleRate)
    const attackGain = i < attack ? i / attack : 1
    out[start + i] = (out[start + i] ?? 0) + sample * 0.22 * rotary * release * attackGain * velocity
  }
}

/** Karplus–Strong plucked string: a noise burst circulating in a tuned, damped delay line. */
export function pluck(call: NoteCall): void {
  const { out, start, sampleRate, velocity, random } = call
  const frequency = midiToFrequency(call.midi)
  const period = Math.max(2, Math.round(sampleRate / frequency))
  const line = new Float32Array(period)
  let smooth = 0
  for (let i = 0; i < period; i++) {
    smooth += 0.5 * (white(random) - smooth)
    line[i] = smooth
  }
  const total = voiceLength(call, 0.15)
  // Loss per trip so the string rings for about 1.2 s whatever its pitch.
  const loss = 0.001 ** (1 / (frequency * 1.2))
  const releaseStep = decayMultiplier(0.15, sampleRate)
  let release = 1
  let index = 0
  let previous = 0
  for (let i = 0; i < total; i++) {
    const current = line[index] ?? 0
    line[index] = 0.5 * (current + previous) * loss
    previous = current
    if (++index >= period) index = 0
    if (i >= call.length) release *= releaseStep
    out[start + i] = (out[start + i] ?? 0) + current * 0.8 * release * velocity
  }
}

export function flute(call: NoteCall): void {
  const { out, start, sampleRate, velocity, random } = call
  const frequency = midiToFrequency(call.midi)
  const total = voiceLength(call, 0.12)
  const envelope = new Adsr(0.06, 0.5, 0.85, 0.12, sampleRate, call.length)
  const breath = new StateVariableFilter(sampleRate)
  breath.set(Math.min(frequency * 2, sampleRate * 0.4), 0.5)
  let phase = 0
  for (let i = 0; i < total; i++) {
    const vibrato = i > sampleRate * 0.18 ? 1 + 0.004 * sine((5 * i) / sampleRate) : 1
    phase += (frequency * vibrato) / sampleRate
    if (phase >= 1) phase -= 1
    breath.process(white(random))
    const sample = sine(phase) + 0.2 * sine((phase * 2) % 1) + 0.06 * sine((phase * 3) % 1) + breath.band * 0.25
    out[start + i] = (out[start + i] ?? 0) + sample * 0.4 * envelope.next(i) * velocity
  }
}

/** Long sine bass with a short downward pitch blip and drive for harmonics a phone speaker can play. */
export function eightOhEight(call: NoteCall): void {
  const { out, start, sampleRate, velocity } = call
  const frequency = midiToFrequency(call.midi)
  const total = voiceLength(call, 0.08)
  const ampStep = decayMultiplier(2.2, sampleRate)
  const pitchStep = decayMultiplier(0.08, sampleRate)
  const releaseStep = decayMultiplier(0.08, sampleRate)
  let amp = 1
  let pitch = 1
  let release = 1
  let phase = 0
  for (let i = 0; i < total; i++) {
    phase += (frequency * (1 + 0.6 * pitch)) / sampleRate
    if (i >= call.length) release *= releaseStep
    const attackGain = Math.min(1, i / (0.002 * sampleRate))
    out[start + i] = (out[start + i] ?? 0) + Math.tanh(sine(phase) * 2.2) * 0.55 * amp * release * attackGain * velocity
    amp *= ampStep
    pitch *= pitchStep
  }
}

export function sub(call: NoteCall): void {
  const { out, start, sampleRate, velocity } = call
  const frequency = midiToFrequency(call.midi)
  const total = voiceLength(call, 0.06)
  const envelope = new Adsr(0.006, 1, 0.9, 0.06, sampleRate, call.length)
  const increment = frequency / sampleRate
  for (let i = 0; i < total; i++) {
    const phase = i * increment
    const sample = sine(phase) + 0.12 * sine(phase * 2)
    out[start + i] = (out[start + i] ?? 0) + sample * 0.55 * envelope.next(i) * velocity
  }
}
