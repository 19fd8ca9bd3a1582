/** What a pitched voice is called with, and the ADSR envelope the voices share. */
import { decayMultiplier } from './audio-dsp.ts'
import type { Random } from './prng.ts'

/** What every voice gets: where to write, when the key goes up, pitch and loudness. */
export interface NoteCall {
  out: Float32Array
  start: number
  /** Samples until note-off; the release rings past it. */
  length: number
  midi: number
  velocity: number
  sampleRate: number
  random: Random
}

/** The amplitude of an ADSR at sample i, tracked incrementally by the caller-owned state. */
export class Adsr {
  private level = 0
  private decayLevel = 1
  private releaseFrom = 0
  private readonly attack: number
  private readonly decayStep: number
  private readonly releaseStep: number
  private releaseLevel = 1

  constructor(
    attack: number,
    decay: number,
    private readonly sustain: number,
    release: number,
    sampleRate: number,
    private readonly noteOff: number,
  ) {
    this.attack = Math.max(1, Math.round(attack * sampleRate))
    this.decayStep = decayMultiplier(decay, sampleRate)
    this.releaseStep = decayMultiplier(release, sampleRate)
  }

  next(i: number): number {
    if (i < this.noteOff) {
      if (i < this.attack) this.level = i / this.attack
      else {
        this.level = this.sustain + (1 - this.sustain) * this.decayLevel
        this.decayLevel *= this.decayStep
      }
      this.releaseFrom = this.level
      return this.level
    }
    this.releaseLevel *= this.releaseStep
    return this.releaseFrom * this.releaseLevel
  }
}

export function voiceLength(call: NoteCall, release: number): number {
  return Math.max(0, Math.min(call.out.length - call.start, call.length + Math.round(release * call.sampleRate)))
}
