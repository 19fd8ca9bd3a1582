/** Synthesised drum voices (kick, snare, clap, hats, percussion) tuned per musical style. */
import { StateVariableFilter, decayMultiplier, noise, onePoleCoefficient, sineAt } from './audio-dsp.ts'
import type { DrumName, Style } from './grooves.ts'
import type { Random } from './prng.ts'

// Per-sample helpers get local names: transpiled runners (vitest, tsx) turn every call to an
// imported function into a getter lookup, which costs more than the maths itself.
const sine = sineAt
const white = noise

export interface DrumKit {
  kickPitch: number
  kickDecay: number
  snareTone: number
  snareDecay: number
  hatDecay: number
  hatCutoff: number
  tomPitch: number
}

const BASE_KIT: DrumKit = { kickPitch: 52, kickDecay: 0.32, snareTone: 190, snareDecay: 0.16, hatDecay: 0.045, hatCutoff: 7000, tomPitch: 95 }

const KITS: Partial<Record<Style, Partial<DrumKit>>> = {
  lofi: { kickPitch: 55, kickDecay: 0.3, snareDecay: 0.14, hatCutoff: 4500, hatDecay: 0.05 },
  'boom-bap': { kickPitch: 56, kickDecay: 0.36, snareTone: 180, snareDecay: 0.2, hatCutoff: 5500 },
  'neo-soul': { kickPitch: 54, kickDecay: 0.28, snareDecay: 0.13, hatCutoff: 5000, hatDecay: 0.035 },
  trap: { kickPitch: 50, kickDecay: 0.5, snareTone: 210, snareDecay: 0.15, hatCutoff: 8500, hatDecay: 0.03 },
  techno: { kickPitch: 47, kickDecay: 0.45, hatCutoff: 8000, hatDecay: 0.05 },
  dnb: { kickPitch: 60, kickDecay: 0.22, snareTone: 230, snareDecay: 0.17, hatCutoff: 8000, hatDecay: 0.035 },
  synthwave: { kickPitch: 55, kickDecay: 0.34, snareTone: 170, snareDecay: 0.28 },
  cinematic: { kickPitch: 45, kickDecay: 0.6, tomPitch: 70 },
  garage: { kickPitch: 54, kickDecay: 0.28, hatDecay: 0.035 },
}

export function kitFor(style: Style): DrumKit {
  return { ...BASE_KIT, ...KITS[style] }
}

/** Adds one drum hit at `start` into `out`. */
export function playDrum(out: Float32Array, start: number, drum: DrumName, velocity: number, kit: DrumKit, sampleRate: number, random: Random): void {
  switch (drum) {
    case 'kick':
      return kick(out, start, velocity, kit, sampleRate, random)
    case 'snare':
      return snare(out, start, velocity, kit, sampleRate, random)
    case 'clap':
      return clap(out, start, velocity, sampleRate, random)
    case 'hat':
      return hat(out, start, velocity * 0.55, kit.hatDecay, kit.hatCutoff, sampleRate, random)
    case 'openhat':
      return hat(out, start, velocity * 0.45, kit.hatDecay * 6, kit.hatCutoff, sampleRate, random)
    case 'shaker':
      return shaker(out, start, velocity * 0.4, sampleRate, random)
    case 'rim':
      return pitchedHit(out, start, velocity * 0.5, 820, 820, 0.035, 0.6, sampleRate, random)
    case 'tom':
      return pitchedHit(out, start, velocity, kit.tomPitch * 1.5, kit.tomPitch, 0.55, 0.08, sampleRate, random)
    case 'conga':
      return pitchedHit(out, start, velocity * 0.7, velocity > 0.9 ? 260 : 330, velocity > 0.9 ? 240 : 300, 0.16, 0.15, sampleRate, random)
  }
}

function kick(out: Float32Array, start: number, velocity: number, kit: DrumKit, sampleRate: number, random: Random): void {
  const length = Math.min(out.length - start, Math.round(kit.kickDecay * 1.6 * sampleRate))
  const ampStep = decayMultiplier(kit.kickDecay, sampleRate)
  const pitchStep = decayMultiplier(0.06, sampleRate)
  const clickLength = Math.round(0.003 * sampleRate)
  let amp = 1
  let pitch = 1
  let phase = 0
  for (let i = 0; i < length; i++) {
    const frequency = kit.kickPitch * (1 + 4.5 * pitch)
    phase += frequency / sampleRate
    let sample = sine(phase) * amp
    if (i < clickLength) sample += white(random) * 0.35 * (1 - i / clickLength)
    out[start + i] = (out[start + i] ?? 0) + Math.tanh(sample * 1.6) * velocity
    amp *= ampStep
    pitch *= pitchStep
  }
}

function snare(out: Float32Array, start: number, velocity: number, kit: DrumKit, sampleRate: number, random: Random): void {
  const length = Math.min(out.length - start, Math.round(kit.snareDecay * 1.5 * sampleRate))
  const toneStep = decayMultiplier(0.07, sampleRate)
  const noiseStep = decayMultiplier(kit.snareDecay, sampleRate)
  const high = onePoleCoefficient(900, sampleRate)
  const low = onePoleCoefficient(9000, sampleRate)
  let toneAmp = 1
  let noiseAmp = 1
  let lowState = 0
  let bodyState = 0
  for (let i = 0; i < length; i++) {
    const t = i / sampleRate
    const tone = (sine(kit.snareTone * t) + 0.5 * sine(kit.snareTone * 1.78 * t)) * toneAmp
    const raw = white(random)
    bodyState += high * (raw - bodyState)
    lowState += low * (raw - bodyState - lowState)
    out[start + i] = (out[start + i] ?? 0) + (tone * 0.45 + lowState * 0.9 * noiseAmp) * velocity
    toneAmp *= toneStep
    noiseAmp *= noiseStep
  }
}

/** Three quick noise bursts and a short tail: the way a real hand clap smears. */
function clap(out: Float32Array, start: number, velocity: number, sampleRate: number, random: Random): void {
  const length = Math.min(out.length - start, Math.round(0.25 * sampleRate))
  const filter = new StateVariableFilter(sampleRate)
  filter.set(1250, 0.45)
  const burst = decayMultiplier(0.012, sampleRate)
  const tail = decayMultiplier(0.16, sampleRate)
  const spacing = Math.round(0.011 * sampleRate)
  let amp = 1
  for (let i = 0; i < length; i++) {
    if (i > 0 && i < spacing * 3 && i % spacing === 0) amp = 1
    amp *= i < spacing * 3 ? burst : tail
    filter.process(white(random))
    out[start + i] = (out[start + i] ?? 0) + filter.band * 1.6 * amp * velocity
  }
}

function hat(out: Float32Array, start: number, velocity: number, decay: number, cutoff: number, sampleRate: number, random: Random): void {
  const length = Math.min(out.length - start, Math.round(decay * 1.4 * sampleRate))
  const filter = new StateVariableFilter(sampleRate)
  filter.set(Math.min(cutoff, sampleRate * 0.4), 0.3)
  const step = decayMultiplier(decay, sampleRate)
  let amp = 1
  for (let i = 0; i < length; i++) {
    filter.process(white(random))
    out[start + i] = (out[start + i] ?? 0) + filter.high * amp * velocity
    amp *= step
  }
}

function shaker(out: Float32Array, start: number, velocity: number, sampleRate: number, random: Random): void {
  const length = Math.min(out.length - start, Math.round(0.09 * sampleRate))
  const filter = new StateVariableFilter(sampleRate)
  filter.set(Math.min(6500, sampleRate * 0.4), 0.4)
  const attack = Math.round(0.012 * sampleRate)
  const step = decayMultiplier(0.06, sampleRate)
  let amp = 1
  for (let i = 0; i < length; i++) {
    filter.process(white(random))
    const envelope = i < attack ? i / attack : amp
    if (i >= attack) amp *= step
    out[start + i] = (out[start + i] ?? 0) + filter.band * envelope * velocity
  }
}

/** Sine body with a falling pitch plus a little noise: rims, toms and congas. */
function pitchedHit(
  out: Float32Array,
  start: number,
  velocity: number,
  fromPitch: number,
  toPitch: number,
  decay: number,
  noiseAmount: number,
  sampleRate: number,
  random: Random,
): void {
  const length = Math.min(out.length - start, Math.round(decay * 1.3 * sampleRate))
  const step = decayMultiplier(decay, sampleRate)
  const pitchStep = decayMultiplier(0.05, sampleRate)
  const noiseStep = decayMultiplier(0.012, sampleRate)
  let amp = 1
  let pitch = 1
  let noiseAmp = noiseAmount
  let phase = 0
  for (let i = 0; i < length; i++) {
    phase += (toPitch + (fromPitch - toPitch) * pitch) / sampleRate
    const sample = sine(phase) * amp + white(random) * noiseAmp
    out[start + i] = (out[start + i] ?? 0) + sample * velocity
    amp *= step
    pitch *= pitchStep
    noiseAmp *= noiseStep
  }
}
