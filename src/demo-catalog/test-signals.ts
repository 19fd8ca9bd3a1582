/** Calibration signals for the reference-tones tool: pink noise, log sweep, sine tones, stereo checks. */
import { createRandom } from './prng.ts'

/** Linear gain of a level in dBFS. */
export function dbToGain(db: number): number {
  return 10 ** (db / 20)
}

/** Pink noise (Paul Kellet's filter) scaled to the given RMS level. */
export function pinkNoise(seconds: number, rmsDb: number, sampleRate: number, seed: string): Float32Array {
  const random = createRandom(seed)
  const out = new Float32Array(Math.round(seconds * sampleRate))
  let b0 = 0,
    b1 = 0,
    b2 = 0,
    b3 = 0,
    b4 = 0,
    b5 = 0,
    b6 = 0
  let sumSquares = 0
  for (let i = 0; i < out.length; i++) {
    const white = random() * 2 - 1
    b0 = 0.99886 * b0 + white * 0.0555179
    b1 = 0.99332 * b1 + white * 0.0750759
    b2 = 0.969 * b2 + white * 0.153852
    b3 = 0.8665 * b3 + white * 0.3104856
    b4 = 0.55 * b4 + white * 0.5329522
    b5 = -0.7616 * b5 - white * 0.016898
    const pink = b0 + b1 + b2 + b3 + b4 + b5 + b6 + white * 0.5362
    b6 = white * 0.115926
    out[i] = pink
    sumSquares += pink * pink
  }
  const gain = dbToGain(rmsDb) / Math.sqrt(sumSquares / out.length)
  for (let i = 0; i < out.length; i++) out[i] = (out[i] ?? 0) * gain
  return fade(out, sampleRate)
}

/** Exponential (log) sine sweep: equal time per octave, the standard for measuring rooms. */
export function logSweep(from: number, to: number, seconds: number, peakDb: number, sampleRate: number): Float32Array {
  const out = new Float32Array(Math.round(seconds * sampleRate))
  const rate = Math.log(to / from)
  const amplitude = dbToGain(peakDb)
  for (let i = 0; i < out.length; i++) {
    const t = i / sampleRate
    out[i] = amplitude * Math.sin(((2 * Math.PI * from * seconds) / rate) * (Math.exp((t / seconds) * rate) - 1))
  }
  return fade(out, sampleRate)
}

/** A sine whose RMS is `rmsDb` (the usual way reference tones are specified: −18 dBFS RMS). */
export function sineTone(frequency: number, seconds: number, rmsDb: number, sampleRate: number): Float32Array {
  const out = new Float32Array(Math.round(seconds * sampleRate))
  const amplitude = dbToGain(rmsDb) * Math.SQRT2
  for (let i = 0; i < out.length; i++) out[i] = amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate)
  return fade(out, sampleRate)
}

/** Pink noise in both channels: first in phase, then with the right channel inverted. */
export function polarityTest(seconds: number, sampleRate: number): [Float32Array, Float32Array] {
  const noise = pinkNoise(seconds, -18, sampleRate, 'polarity')
  const right = noise.slice()
  const half = Math.floor(noise.length / 2)
  for (let i = half; i < right.length; i++) right[i] = -(right[i] ?? 0)
  // Short fades around the switch so the flip itself makes no click.
  const ramp = Math.round(0.01 * sampleRate)
  for (let i = 0; i < ramp; i++) {
    const gain = i / ramp
    for (const channel of [noise, right]) {
      channel[half - 1 - i] = (channel[half - 1 - i] ?? 0) * gain
      channel[half + i] = (channel[half + i] ?? 0) * gain
    }
  }
  return [noise, right]
}

/** A 1 kHz tone in the left channel, then in the right. */
export function channelIdentification(seconds: number, sampleRate: number): [Float32Array, Float32Array] {
  const half = seconds / 2
  const tone = sineTone(1000, half, -18, sampleRate)
  const left = new Float32Array(tone.length * 2)
  const right = new Float32Array(tone.length * 2)
  left.set(tone, 0)
  right.set(tone, tone.length)
  return [left, right]
}

function fade(out: Float32Array, sampleRate: number): Float32Array {
  const ramp = Math.min(out.length >> 1, Math.round(0.01 * sampleRate))
  for (let i = 0; i < ramp; i++) {
    const gain = i / ramp
    out[i] = (out[i] ?? 0) * gain
    out[out.length - 1 - i] = (out[out.length - 1 - i] ?? 0) * gain
  }
  return out
}
