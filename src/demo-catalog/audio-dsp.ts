/** Building blocks of the demo synthesiser: band-limited oscillators, filters and send effects. */
import type { Random } from './prng.ts'

const TWO_PI = Math.PI * 2

/** PolyBLEP correction that removes most of the aliasing of a naive saw or square. */
function polyBlep(phase: number, increment: number): number {
  if (phase < increment) {
    const t = phase / increment
    return t + t - t * t - 1
  }
  if (phase > 1 - increment) {
    const t = (phase - 1) / increment
    return t * t + t + t + 1
  }
  return 0
}

export function sawAt(phase: number, increment: number): number {
  return 2 * phase - 1 - polyBlep(phase, increment)
}

export function squareAt(phase: number, increment: number): number {
  const second = phase + 0.5 >= 1 ? phase - 0.5 : phase + 0.5
  return (phase < 0.5 ? 1 : -1) + polyBlep(phase, increment) - polyBlep(second, increment)
}

const SINE_SIZE = 4096
const SINE_TABLE = Float64Array.from({ length: SINE_SIZE + 1 }, (_, i) => Math.sin((TWO_PI * i) / SINE_SIZE))

/** sin(2π·phase) from a table with linear interpolation: several times faster than Math.sin, error below 1e-6. */
export function sineAt(phase: number): number {
  const position = (phase - Math.floor(phase)) * SINE_SIZE
  const index = position | 0
  const low = SINE_TABLE[index] ?? 0
  return low + ((SINE_TABLE[index + 1] ?? 0) - low) * (position - index)
}

/** Zavalishin's topology-preserving state-variable filter: stable under fast cutoff sweeps. */
export class StateVariableFilter {
  private ic1 = 0
  private ic2 = 0
  private a1 = 0
  private a2 = 0
  private a3 = 0
  private k = 1
  low = 0
  band = 0
  high = 0

  private readonly sampleRate: number

  constructor(sampleRate: number) {
    this.sampleRate = sampleRate
  }

  /** resonance 0..1 (0 = gentle, 0.95 = nearly self-oscillating). */
  set(cutoff: number, resonance: number): void {
    const limited = Math.min(Math.max(cutoff, 20), this.sampleRate * 0.45)
    const g = Math.tan((Math.PI * limited) / this.sampleRate)
    this.k = 2 - 2 * Math.min(resonance, 0.98)
    this.a1 = 1 / (1 + g * (g + this.k))
    this.a2 = g * this.a1
    this.a3 = g * this.a2
  }

  process(input: number): void {
    const v3 = input - this.ic2
    const v1 = this.a1 * this.ic1 + this.a2 * v3
    const v2 = this.ic2 + this.a2 * this.ic1 + this.a3 * v3
    this.ic1 = 2 * v1 - this.ic1
    this.ic2 = 2 * v2 - this.ic2
    this.low = v2
    this.band = v1
    this.high = input - this.k * v1 - v2
  }
}

/** Coefficient of a one-pole low-pass: y += a * (x - y). */
export function onePoleCoefficient(cutoff: number, sampleRate: number): number {
  return 1 - Math.exp((-TWO_PI * Math.min(cutoff, sampleRate * 0.45)) / sampleRate)
}

/** Per-sample multiplier that makes an exponential decay fall by 60 dB over `seconds`. */
export function decayMultiplier(seconds: number, sampleRate: number): number {
  return Math.exp(-6.907755 / (Math.max(seconds, 1e-4) * sampleRate))
}

/** White noise in [-1, 1). */
export function noise(random: Random): number {
  return random() * 2 - 1
}

/**
 * A small Freeverb-style reverb (four damped combs into two all-passes): enough space for a
 * preview at a cost of a few operations per sample.
 */
export function reverb(input: Float32Array, sampleRate: number, size: number, damping = 0.35): Float32Array {
  const scale = sampleRate / 44100
  const output = new Float32Array(input.length)
  const feedback = 0.7 + 0.26 * Math.min(Math.max(size, 0), 1)
  for (const length of [1116, 1188, 1277, 1356]) {
    const buffer = new Float32Array(Math.round(length * scale))
    let index = 0
    let store = 0
    for (let i = 0; i < input.length; i++) {
      const delayed = buffer[index] ?? 0
      store = delayed * (1 - damping) + store * damping
      buffer[index] = (input[i] ?? 0) + store * feedback
      output[i] = (output[i] ?? 0) + delayed * 0.25
      if (++index >= buffer.length) index = 0
    }
  }
  for (const length of [556, 441]) {
    const buffer = new Float32Array(Math.round(length * scale))
    let index = 0
    for (let i = 0; i < output.length; i++) {
      const delayed = buffer[index] ?? 0
      const value = output[i] ?? 0
      buffer[index] = value + delayed * 0.5
      output[i] = delayed - value
      if (++index >= buffer.length) index = 0
    }
  }
  return output
}

/** Tempo-synced feedback echo with a darkening loop, returned as the wet signal only. */
export function echo(input: Float32Array, sampleRate: number, delaySeconds: number, feedback: number): Float32Array {
  const delay = Math.max(1, Math.round(delaySeconds * sampleRate))
  const output = new Float32Array(input.length)
  const tone = onePoleCoefficient(3500, sampleRate)
  let filtered = 0
  for (let i = 0; i < input.length; i++) {
    const delayed = i >= delay ? (output[i - delay] ?? 0) : 0
    filtered += tone * (delayed - filtered)
    output[i] = (i >= delay ? (input[i - delay] ?? 0) : 0) + filtered * feedback
  }
  return output
}

/** Adds `source * gain` into `target` in place. */
export function mixInto(target: Float32Array, source: Float32Array, gain: number): void {
  const length = Math.min(target.length, source.length)
  for (let i = 0; i < length; i++) target[i] = (target[i] ?? 0) + (source[i] ?? 0) * gain
}

/** Soft clipping for gentle glue; unity gain for small signals. */
export function saturate(buffer: Float32Array, drive: number): void {
  if (drive <= 0) return
  const gain = 1 + drive * 4
  const norm = 1 / Math.tanh(gain)
  for (let i = 0; i < buffer.length; i++) buffer[i] = Math.tanh((buffer[i] ?? 0) * gain) * norm
}

/** A 20 Hz one-pole high-pass: removes the offset short partial cycles of low notes leave behind. */
export function removeDc(buffer: Float32Array, sampleRate: number): void {
  const pole = 1 - (2 * Math.PI * 20) / sampleRate
  let previousInput = 0
  let previousOutput = 0
  for (let i = 0; i < buffer.length; i++) {
    const input = buffer[i] ?? 0
    previousOutput = input - previousInput + pole * previousOutput
    previousInput = input
    buffer[i] = previousOutput
  }
}

export function peakOf(buffer: Float32Array): number {
  let peak = 0
  for (let i = 0; i < buffer.length; i++) {
    const value = Math.abs(buffer[i] ?? 0)
    if (value > peak) peak = value
  }
  return peak
}

/** Scales to the target peak (−1 dBFS ≈ 0.891) so nothing clips and every file is equally loud. */
export function normalise(buffer: Float32Array, targetPeak = 0.891): void {
  const peak = peakOf(buffer)
  if (peak === 0) return
  const gain = targetPeak / peak
  for (let i = 0; i < buffer.length; i++) buffer[i] = (buffer[i] ?? 0) * gain
}

/** Linear fade-in and fade-out so a file never starts or stops on a click. */
export function applyFades(buffer: Float32Array, sampleRate: number, fadeIn: number, fadeOut: number): void {
  const inSamples = Math.min(buffer.length, Math.round(fadeIn * sampleRate))
  const outSamples = Math.min(buffer.length, Math.round(fadeOut * sampleRate))
  for (let i = 0; i < inSamples; i++) buffer[i] = (buffer[i] ?? 0) * (i / inSamples)
  for (let i = 0; i < outSamples; i++) {
    const index = buffer.length - 1 - i
    buffer[index] = (buffer[index] ?? 0) * (i / outSamples)
  }
}
