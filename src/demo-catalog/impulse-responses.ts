/**
 * Impulse responses for the processor products: rooms and halls (decaying, darkening noise
 * with early reflections), plates, springs, tape echoes and speaker cabinets.
 */
import { StateVariableFilter, decayMultiplier, normalise, onePoleCoefficient } from './audio-dsp.ts'
import { createRandom } from './prng.ts'

export type StereoBuffer = [Float32Array, Float32Array]

export interface RoomSpec {
  /** RT60, seconds. */
  decay: number
  preDelay: number
  /** Low-pass cutoff at the start and at the end of the tail: air absorbs highs as sound ages. */
  brightness: number
  darkness: number
  earlyReflections: number
  seed: string
}

export function roomImpulse(spec: RoomSpec, sampleRate: number): StereoBuffer {
  const length = Math.round((spec.decay * 1.05 + spec.preDelay) * sampleRate)
  const channels: StereoBuffer = [new Float32Array(length), new Float32Array(length)]
  const onset = Math.round(spec.preDelay * sampleRate)
  const buildUp = Math.round(0.012 * sampleRate)
  channels.forEach((out, channel) => {
    const random = createRandom(`${spec.seed}|${channel}`)
    const step = decayMultiplier(spec.decay, sampleRate)
    let amp = 1
    let state = 0
    let coefficient = onePoleCoefficient(spec.brightness, sampleRate)
    out[0] = 1
    for (let i = onset; i < length; i++) {
      if ((i & 31) === 0) {
        const progress = (i - onset) / (length - onset)
        coefficient = onePoleCoefficient(spec.brightness * (spec.darkness / spec.brightness) ** progress, sampleRate)
      }
      state += coefficient * (random() * 2 - 1 - state)
      const rise = Math.min(1, (i - onset) / buildUp)
      out[i] = (out[i] ?? 0) + state * amp * rise * 0.6
      amp *= step
    }
    for (let r = 0; r < spec.earlyReflections; r++) {
      const at = onset + Math.round(random() * 0.08 * sampleRate)
      if (at < length) out[at] = (out[at] ?? 0) + (random() < 0.5 ? -1 : 1) * (0.7 - r * (0.5 / spec.earlyReflections))
    }
  })
  return finishStereo(channels, sampleRate)
}

/** Dense from the first millisecond and brighter than a room: the sound of a steel plate. */
export function plateImpulse(decay: number, brightness: number, seed: string, sampleRate: number): StereoBuffer {
  return roomImpulse({ decay, preDelay: 0.002, brightness, darkness: brightness * 0.35, earlyReflections: 0, seed }, sampleRate)
}

/**
 * A tank spring: a train of dispersive chirps (high frequencies arrive first) bouncing between
 * the transducers, over a soft diffuse tail.
 */
export function springImpulse(decay: number, spacing: number, seed: string, sampleRate: number): StereoBuffer {
  const [left, right] = roomImpulse({ decay, preDelay: 0.004, brightness: 4500, darkness: 1200, earlyReflections: 0, seed }, sampleRate)
  const chirpLength = Math.round(0.03 * sampleRate)
  const feedback = Math.exp((-6.9 * spacing) / decay)
  ;[left, right].forEach((out, channel) => {
    let gain = 1.4
    for (let echo = 0; ; echo++) {
      const at = Math.round((0.004 + echo * spacing + channel * 0.0013) * sampleRate)
      if (at + chirpLength >= out.length || gain < 0.01) break
      const sign = echo % 2 === 0 ? 1 : -1
      for (let i = 0; i < chirpLength; i++) {
        const t = i / sampleRate
        const sweep = 4200 * t - ((4200 - 350) / (2 * 0.03)) * t * t
        const window = Math.sin((Math.PI * i) / chirpLength)
        out[at + i] = (out[at + i] ?? 0) + sign * gain * window * Math.sin(2 * Math.PI * sweep)
      }
      gain *= feedback
    }
  })
  return finishStereo([left, right], sampleRate)
}

/** Tape echo: repeats that lose top end each pass, with a little wow in the timing. */
export function echoImpulse(delay: number, feedback: number, pingPong: boolean, seed: string, sampleRate: number): StereoBuffer {
  const repeats = Math.max(1, Math.ceil(Math.log(0.01) / Math.log(feedback)))
  const length = Math.round((delay * (repeats + 1) + 0.1) * sampleRate)
  const channels: StereoBuffer = [new Float32Array(length), new Float32Array(length)]
  const random = createRandom(seed)
  channels[0][0] = 1
  channels[1][0] = 1
  let gain = 0.8
  let cutoff = 6000
  for (let repeat = 1; repeat <= repeats; repeat++) {
    const wow = (random() - 0.5) * 0.002
    const at = Math.round((delay * repeat + wow) * sampleRate)
    const targets: Float32Array[] = pingPong ? [channels[repeat % 2 === 1 ? 1 : 0]] : channels
    const a = onePoleCoefficient(cutoff, sampleRate)
    for (const out of targets) {
      // The impulse response of a one-pole low-pass: a·(1−a)^n.
      let value = a
      for (let i = 0; at + i < length && value > 1e-5; i++) {
        out[at + i] = (out[at + i] ?? 0) + gain * value
        value *= 1 - a
      }
    }
    gain *= feedback
    cutoff *= 0.78
  }
  return finishStereo(channels, sampleRate)
}

export interface CabinetSpec {
  lowCut: number
  resonance: number
  presence: number
  highCut: number
  /** Delay of the cancelling reflection, ms: moving a mic off-axis shifts these notches. */
  combMs: number
}

/** A short speaker-cabinet IR: low cut, cone resonance, presence peak and a steep top roll-off. */
export function cabinetImpulse(spec: CabinetSpec, sampleRate: number): Float32Array {
  const length = Math.round(0.2 * sampleRate)
  const output = new Float32Array(length)
  const highPass = new StateVariableFilter(sampleRate)
  const body = new StateVariableFilter(sampleRate)
  const presence = new StateVariableFilter(sampleRate)
  const lowPassA = new StateVariableFilter(sampleRate)
  const lowPassB = new StateVariableFilter(sampleRate)
  highPass.set(spec.lowCut, 0.3)
  body.set(spec.resonance, 0.75)
  presence.set(spec.presence, 0.6)
  lowPassA.set(spec.highCut, 0.4)
  lowPassB.set(spec.highCut * 1.2, 0.2)
  const comb = Math.max(1, Math.round((spec.combMs / 1000) * sampleRate))
  for (let i = 0; i < length; i++) {
    const input = (i === 0 ? 1 : 0) - (i === comb ? 0.45 : 0)
    highPass.process(input)
    body.process(highPass.high)
    presence.process(highPass.high)
    lowPassA.process(highPass.high + body.band * 0.8 + presence.band * 0.7)
    lowPassB.process(lowPassA.low)
    output[i] = lowPassB.low
  }
  const fade = Math.round(0.02 * sampleRate)
  for (let i = 0; i < fade; i++) output[length - 1 - i] = (output[length - 1 - i] ?? 0) * (i / fade)
  normalise(output)
  return output
}

function finishStereo(channels: StereoBuffer, sampleRate: number): StereoBuffer {
  const [left, right] = channels
  const fade = Math.round(0.05 * sampleRate)
  for (const out of channels) for (let i = 0; i < fade && i < out.length; i++) out[out.length - 1 - i] = (out[out.length - 1 - i] ?? 0) * (i / fade)
  let peak = 0
  for (const out of channels) for (let i = 0; i < out.length; i++) peak = Math.max(peak, Math.abs(out[i] ?? 0))
  const gain = peak > 0 ? 0.891 / peak : 1
  for (const out of channels) for (let i = 0; i < out.length; i++) out[i] = (out[i] ?? 0) * gain
  return [left, right]
}
