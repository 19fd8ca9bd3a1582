/** Pitched voices of the demo synthesiser: the subtractive patches, and the dispatch to every voice by sound name. */
import { StateVariableFilter, decayMultiplier, sawAt, sineAt, squareAt } from './audio-dsp.ts'
import { Adsr, voiceLength } from './audio-envelope.ts'
import type { NoteCall } from './audio-envelope.ts'
import { eightOhEight, flute, fm, organ, pluck, sub } from './audio-modelled-voices.ts'
import type { BassSound, ChordSound, LeadSound } from './grooves.ts'
import { midiToFrequency } from './music-theory.ts'

export type { NoteCall } from './audio-envelope.ts'

// Per-sample helpers get local names: transpiled runners (vitest, tsx) turn every call to an
// imported function into a getter lookup, which costs more than the maths itself.
const sine = sineAt
const saw = sawAt
const square = squareAt

export type VoiceSound = ChordSound | BassSound | LeadSound | 'sine' | 'saw-bass'

interface Oscillator {
  wave: 'saw' | 'square' | 'sine'
  cents: number
  gain: number
}

interface SubtractivePatch {
  oscillators: Oscillator[]
  cutoff: number
  envAmount: number
  filterDecay: number
  resonance: number
  attack: number
  decay: number
  sustain: number
  release: number
  vibrato?: number
  drive?: number
}

const sawOsc = (cents: number, gain = 1): Oscillator => ({ wave: 'saw', cents, gain })
const squareOsc = (cents: number, gain = 1): Oscillator => ({ wave: 'square', cents, gain })
const sineOsc = (cents: number, gain = 1): Oscillator => ({ wave: 'sine', cents, gain })

const PATCHES: Partial<Record<VoiceSound, SubtractivePatch>> = {
  saw: {
    oscillators: [sawOsc(-5), sawOsc(5)],
    cutoff: 900,
    envAmount: 2600,
    filterDecay: 0.25,
    resonance: 0.3,
    attack: 0.005,
    decay: 0.3,
    sustain: 0.7,
    release: 0.12,
    vibrato: 0.004,
  },
  'saw-bass': {
    oscillators: [sawOsc(0), squareOsc(-1200, 0.5)],
    cutoff: 220,
    envAmount: 1500,
    filterDecay: 0.16,
    resonance: 0.3,
    attack: 0.003,
    decay: 0.3,
    sustain: 0.6,
    release: 0.05,
  },
  square: {
    oscillators: [squareOsc(0), squareOsc(1200, 0.25)],
    cutoff: 1400,
    envAmount: 1600,
    filterDecay: 0.2,
    resonance: 0.2,
    attack: 0.006,
    decay: 0.3,
    sustain: 0.75,
    release: 0.12,
    vibrato: 0.005,
  },
  pad: {
    oscillators: [sawOsc(-9), sawOsc(9), sawOsc(0, 0.6)],
    cutoff: 1100,
    envAmount: 700,
    filterDecay: 1.2,
    resonance: 0.12,
    attack: 0.35,
    decay: 1,
    sustain: 0.85,
    release: 0.6,
  },
  supersaw: {
    oscillators: [sawOsc(-22, 0.7), sawOsc(-9), sawOsc(0), sawOsc(9), sawOsc(22, 0.7)],
    cutoff: 2600,
    envAmount: 1600,
    filterDecay: 0.6,
    resonance: 0.1,
    attack: 0.03,
    decay: 0.8,
    sustain: 0.8,
    release: 0.4,
  },
  strings: {
    oscillators: [sawOsc(-7), sawOsc(0), sawOsc(7)],
    cutoff: 1900,
    envAmount: 300,
    filterDecay: 0.8,
    resonance: 0.05,
    attack: 0.32,
    decay: 1,
    sustain: 0.9,
    release: 0.5,
    vibrato: 0.003,
  },
  stab: {
    oscillators: [sawOsc(-6), sawOsc(6), squareOsc(0, 0.5)],
    cutoff: 500,
    envAmount: 3600,
    filterDecay: 0.13,
    resonance: 0.35,
    attack: 0.002,
    decay: 0.28,
    sustain: 0.25,
    release: 0.12,
  },
  acid: {
    oscillators: [sawOsc(0)],
    cutoff: 170,
    envAmount: 2600,
    filterDecay: 0.14,
    resonance: 0.86,
    attack: 0.002,
    decay: 0.2,
    sustain: 0.55,
    release: 0.03,
    drive: 0.6,
  },
  reese: {
    oscillators: [sawOsc(-14), sawOsc(14), sineOsc(0, 0.8)],
    cutoff: 520,
    envAmount: 350,
    filterDecay: 0.5,
    resonance: 0.2,
    attack: 0.01,
    decay: 0.5,
    sustain: 0.9,
    release: 0.08,
    drive: 0.3,
  },
  round: {
    oscillators: [sineOsc(0), sawOsc(0, 0.35)],
    cutoff: 420,
    envAmount: 700,
    filterDecay: 0.15,
    resonance: 0.1,
    attack: 0.004,
    decay: 0.4,
    sustain: 0.55,
    release: 0.06,
  },
}

/** Plays one note of the given sound into `call.out`. */
export function playNote(sound: VoiceSound, call: NoteCall): void {
  const patch = PATCHES[sound]
  if (patch) return subtractive(call, patch)
  switch (sound) {
    case 'epiano':
      return fm(call, { ratio: 1, index: 1.7, indexDecay: 0.7, ampDecay: 2.4, release: 0.18, tine: 0.18 })
    case 'bell':
      return fm(call, { ratio: 3.5, index: 2.6, indexDecay: 1.4, ampDecay: 3.2, release: 0.5, tine: 0 })
    case 'organ':
      return organ(call)
    case 'pluck':
      return pluck(call)
    case 'flute':
      return flute(call)
    case '808':
      return eightOhEight(call)
    case 'sub':
    case 'sine':
      return sub(call)
  }
}
function subtractive(call: NoteCall, patch: SubtractivePatch): void {
  const { out, start, sampleRate, velocity } = call
  const frequency = midiToFrequency(call.midi)
  const total = voiceLength(call, patch.release)
  const envelope = new Adsr(patch.attack, patch.decay, patch.sustain, patch.release, sampleRate, call.length)
  const filter = new StateVariableFilter(sampleRate)
  const filterStep = decayMultiplier(patch.filterDecay, sampleRate)
  const count = patch.oscillators.length
  const waves = Uint8Array.from(patch.oscillators, (osc) => (osc.wave === 'saw' ? 0 : osc.wave === 'square' ? 1 : 2))
  const gains = Float64Array.from(patch.oscillators, (osc) => osc.gain)
  const increments = Float64Array.from(patch.oscillators, (osc) => (frequency * 2 ** (osc.cents / 1200)) / sampleRate)
  const phases = Float64Array.from(patch.oscillators, () => call.random())
  const gain = 0.5 / gains.reduce((sum, value) => sum + value, 0)
  const drive = patch.drive ?? 0
  const vibrato = patch.vibrato ?? 0
  const vibratoStart = Math.round(sampleRate * 0.2)
  let filterEnv = 1
  for (let i = 0; i < total; i++) {
    if ((i & 15) === 0) filter.set(patch.cutoff + patch.envAmount * filterEnv * (0.5 + 0.5 * velocity), patch.resonance)
    filterEnv *= filterStep
    const wobble = vibrato > 0 && i > vibratoStart ? 1 + vibrato * sine((5.5 * i) / sampleRate) : 1
    let sample = 0
    for (let o = 0; o < count; o++) {
      const increment = increments[o]! * wobble
      let phase = phases[o]! + increment
      if (phase >= 1) phase -= 1
      phases[o] = phase
      const wave = waves[o]
      sample += gains[o]! * (wave === 0 ? saw(phase, increment) : wave === 1 ? square(phase, increment) : sine(phase))
    }
    filter.process(sample * gain)
    const shaped = drive > 0 ? Math.tanh(filter.low * (1 + drive * 3)) : filter.low
    out[start + i] = out[start + i]! + shaped * envelope.next(i) * velocity
  }
}
