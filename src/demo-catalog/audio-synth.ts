/**
 * The demo catalog's deterministic synthesiser: renders a composed score (drums, bass, chords,
 * lead, arp) to a normalised mix or stem and encodes it as 16-bit PCM WAV.
 */
import { endianness } from 'node:os'
import { applyFades, echo, mixInto, normalise, onePoleCoefficient, peakOf, removeDc, reverb, saturate } from './audio-dsp.ts'
import { kitFor, playDrum } from './audio-drums.ts'
import { playNote } from './audio-voices.ts'
import type { VoiceSound } from './audio-voices.ts'
import { STEPS_PER_BAR, compose } from './composition.ts'
import type { NoteEvent, PartName, Score, SoundRecipe } from './composition.ts'
import type { DrumName, Style } from './grooves.ts'
import { createRandom } from './prng.ts'
import type { Random } from './prng.ts'

export const PREVIEW_SAMPLE_RATE = 22050
export const PREVIEW_TARGET_SECONDS = 8

export interface RenderOptions {
  sampleRate: number
  /** Parts to play; the full mix when omitted. */
  parts: readonly PartName[]
  /** Only these drum voices (a "tops" loop without kick and snare, say). */
  drums?: readonly DrumName[]
  /** A preview fades in and out; a loop wraps its tail onto its start so it repeats seamlessly. */
  mode: 'preview' | 'loop'
  fx?: SoundRecipe['fx']
  seed: string
}

const PART_GAIN: Record<PartName, number> = { drums: 0.9, bass: 0.75, chords: 0.42, lead: 0.4, arp: 0.28 }
const DEFAULT_REVERB: Partial<Record<Style, number>> = { ambient: 0.65, cinematic: 0.5, synthwave: 0.4, 'neo-soul': 0.3, lofi: 0.28 }
const DEFAULT_DELAY: Partial<Record<Style, number>> = { synthwave: 0.3, 'deep-house': 0.25, ambient: 0.35, techno: 0.2 }
/** Four-on-the-floor styles whose bass and chords duck under the kick (sidechain pumping). */
const PUMPING: ReadonlySet<Style> = new Set(['house', 'deep-house', 'techno', 'afro-house', 'synthwave'])
const TAIL_SECONDS = 3

/** Whole bars closest to the preview length at this tempo (at least two). */
export function previewBars(bpm: number): number {
  const barSeconds = 240 / bpm
  return Math.max(2, Math.round(PREVIEW_TARGET_SECONDS / barSeconds))
}

/** The product's preview: the full mix of its recipe, mono 22.05 kHz, about eight seconds. */
export function renderPreview(recipe: SoundRecipe, seed: string): Buffer {
  const score = compose(recipe, { bars: previewBars(recipe.bpm), seed, fill: true })
  const samples = renderScore(score, { sampleRate: PREVIEW_SAMPLE_RATE, parts: recipe.parts, mode: 'preview', fx: recipe.fx, seed })
  return encodeWav([samples], PREVIEW_SAMPLE_RATE)
}

export function renderScore(score: Score, options: RenderOptions): Float32Array {
  const { sampleRate } = options
  const stepSamples = (sampleRate * 60) / score.bpm / 4
  const total = Math.round(score.bars * STEPS_PER_BAR * stepSamples)
  // Only a loop keeps what rings past its last bar (wrapped to the top); a preview cuts it.
  const length = total + Math.round((options.mode === 'loop' ? TAIL_SECONDS : 0.05) * sampleRate)
  const random = createRandom(`${options.seed}|render`)
  const wants = new Set(options.parts)
  // Parts not played share one silent buffer instead of allocating their own.
  const silent = new Float32Array(0)
  const bus = (part: PartName): Float32Array => (wants.has(part) ? new Float32Array(length) : silent)
  const buses: Record<PartName, Float32Array> = { drums: bus('drums'), bass: bus('bass'), chords: bus('chords'), lead: bus('lead'), arp: bus('arp') }

  if (wants.has('drums')) {
    const kit = kitFor(score.style)
    const allowed = options.drums ? new Set(options.drums) : null
    for (const hit of score.drums) {
      if (allowed && !allowed.has(hit.drum)) continue
      playDrum(buses.drums, Math.round(hit.step * stepSamples), hit.drum, hit.velocity, kit, sampleRate, random)
    }
    saturate(buses.drums, 0.15)
  }
  const arpSound: VoiceSound = score.sounds.lead === 'flute' || score.sounds.lead === 'bell' ? 'pluck' : score.sounds.lead
  const bassSound: VoiceSound = score.sounds.bass === 'saw' ? 'saw-bass' : score.sounds.bass
  const play = (part: PartName, notes: NoteEvent[], sound: VoiceSound): void => {
    if (!wants.has(part)) return
    for (const note of notes) {
      playNote(sound, {
        out: buses[part],
        start: Math.round(note.step * stepSamples),
        length: Math.max(1, Math.round(note.length * stepSamples)),
        midi: note.midi,
        velocity: note.velocity,
        sampleRate,
        random,
      })
    }
  }
  play('bass', score.bass, bassSound)
  play('chords', score.chords, score.sounds.chord)
  play('lead', score.lead, score.sounds.lead)
  play('arp', score.arp, arpSound)

  if (PUMPING.has(score.style)) {
    const kicks = score.drums.filter((hit) => hit.drum === 'kick').map((hit) => Math.round(hit.step * stepSamples))
    duck(buses.bass, kicks, sampleRate, 0.5)
    duck(buses.chords, kicks, sampleRate, 0.65)
  }

  const master = new Float32Array(length)
  for (const part of options.parts) mixInto(master, buses[part], PART_GAIN[part])
  addSpace(master, buses, score, options)
  if (score.style === 'lofi') lofi(master, sampleRate, random)
  saturate(master, options.fx?.drive ?? 0)
  return finish(master, total, options)
}

/** Reverb on the melodic parts (and a touch on drums), tempo-synced echo on the lead and arp. */
function addSpace(master: Float32Array, buses: Record<PartName, Float32Array>, score: Score, options: RenderOptions): void {
  const wants = new Set(options.parts)
  const reverbAmount = options.fx?.reverb ?? DEFAULT_REVERB[score.style] ?? 0.18
  const delayAmount = options.fx?.delay ?? DEFAULT_DELAY[score.style] ?? 0.12
  const send = new Float32Array(master.length)
  if (wants.has('chords')) mixInto(send, buses.chords, 0.5)
  if (wants.has('lead')) mixInto(send, buses.lead, 0.4)
  if (wants.has('arp')) mixInto(send, buses.arp, 0.35)
  if (wants.has('drums')) mixInto(send, buses.drums, 0.08)
  if (reverbAmount > 0 && peakOf(send) > 0) mixInto(master, reverb(send, options.sampleRate, 0.45 + reverbAmount * 0.5), reverbAmount * 0.9)
  if (delayAmount > 0 && (wants.has('lead') || wants.has('arp'))) {
    const echoSend = new Float32Array(master.length)
    if (wants.has('lead')) mixInto(echoSend, buses.lead, 0.5)
    if (wants.has('arp')) mixInto(echoSend, buses.arp, 0.4)
    const dottedEighth = (60 / score.bpm) * 0.75
    mixInto(master, echo(echoSend, options.sampleRate, dottedEighth, 0.38), delayAmount)
  }
}

/** Gain dip after each kick, the classic sidechain pump. */
function duck(buffer: Float32Array, kicks: number[], sampleRate: number, depth: number): void {
  const recover = Math.round(0.16 * sampleRate)
  for (const kick of kicks) {
    for (let i = 0; i < recover && kick + i < buffer.length; i++) {
      const gain = 1 - depth * (1 - i / recover) ** 2
      buffer[kick + i] = (buffer[kick + i] ?? 0) * gain
    }
  }
}

/** Tape-ish roll-off plus sparse vinyl crackle for the lo-fi style. */
function lofi(buffer: Float32Array, sampleRate: number, random: Random): void {
  const a = onePoleCoefficient(4200, sampleRate)
  let state = 0
  for (let i = 0; i < buffer.length; i++) {
    state += a * ((buffer[i] ?? 0) - state)
    const crackle = random() < 40 / sampleRate ? (random() * 2 - 1) * 0.08 : 0
    buffer[i] = state + crackle + (random() * 2 - 1) * 0.002
  }
}

function finish(master: Float32Array, total: number, options: RenderOptions): Float32Array {
  removeDc(master, options.sampleRate)
  const output = master.slice(0, total)
  if (options.mode === 'loop') {
    // Ringing notes and reverb past the last bar belong at the top of the next repeat.
    for (let i = total; i < master.length; i++) output[i % total] = (output[i % total] ?? 0) + (master[i] ?? 0)
    applyFades(output, options.sampleRate, 0.001, 0.001)
  } else {
    applyFades(output, options.sampleRate, 0.005, 0.04)
  }
  // Last, so a peak inside a fade cannot leave the file quieter than the others.
  normalise(output)
  return output
}

/**
 * Single notes of one sound for a multisampled instrument, each holding for most of `seconds`
 * and then releasing naturally; all share one gain so their relative loudness stays true.
 */
export function renderMultisamples(sound: VoiceSound, notes: readonly number[], seconds: number, sampleRate: number, seed: string): Float32Array[] {
  const random = createRandom(`${seed}|multisample`)
  const length = Math.round(seconds * sampleRate)
  const rendered = notes.map((midi) => {
    const out = new Float32Array(length)
    playNote(sound, { out, start: 0, length: Math.round(length * 0.72), midi, velocity: 0.9, sampleRate, random })
    return out
  })
  const peak = Math.max(...rendered.map(peakOf))
  const gain = peak > 0 ? 0.891 / peak : 1
  for (const out of rendered) {
    for (let i = 0; i < out.length; i++) out[i] = (out[i] ?? 0) * gain
    applyFades(out, sampleRate, 0, 0.01)
  }
  return rendered
}

/** A canonical 44-byte-header PCM WAV: 16-bit little-endian, channels interleaved. */
export function encodeWav(channels: readonly Float32Array[], sampleRate: number): Buffer {
  const channelCount = channels.length
  const frames = channels[0]?.length ?? 0
  const blockAlign = channelCount * 2
  const dataSize = frames * blockAlign
  const wav = Buffer.alloc(44 + dataSize)
  wav.write('RIFF', 0, 'ascii')
  wav.writeUInt32LE(36 + dataSize, 4)
  wav.write('WAVE', 8, 'ascii')
  wav.write('fmt ', 12, 'ascii')
  wav.writeUInt32LE(16, 16)
  wav.writeUInt16LE(1, 20)
  wav.writeUInt16LE(channelCount, 22)
  wav.writeUInt32LE(sampleRate, 24)
  wav.writeUInt32LE(sampleRate * blockAlign, 28)
  wav.writeUInt16LE(blockAlign, 32)
  wav.writeUInt16LE(16, 34)
  wav.write('data', 36, 'ascii')
  wav.writeUInt32LE(dataSize, 40)
  const samples = new Int16Array(frames * channelCount)
  for (let c = 0; c < channelCount; c++) {
    const channel = channels[c] ?? new Float32Array(frames)
    for (let frame = 0; frame < frames; frame++) {
      const value = Math.max(-1, Math.min(1, channel[frame] ?? 0))
      samples[frame * channelCount + c] = Math.round(value * 32767)
    }
  }
  // Int16Array uses the machine's byte order; WAV is little-endian, so swap on big-endian hosts.
  const bytes = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)
  if (endianness() === 'BE') bytes.swap16()
  bytes.copy(wav, 44)
  return wav
}
