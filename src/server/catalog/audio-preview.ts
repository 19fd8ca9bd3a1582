/**
 * Turns an owner's audio preview (WAV of any bit depth, MP3, FLAC or Ogg Vorbis) into what
 * shoppers get: an MP3 at 128 kbps and the waveform peaks the player draws. The file is decoded
 * as a stream (@audio/decode, WASM decoders, no ffmpeg) and encoded as it decodes (lamejs), so
 * a long preview never sits whole in memory.
 */
import { open } from 'node:fs/promises'
import { createReadStream } from 'node:fs'
import { Readable } from 'node:stream'
import { Mp3Encoder } from '@breezystack/lamejs'
import audioType from 'audio-type'

export const PREVIEW_BARS = 96
const MP3_KBPS = 128
/** Frames per encoder call: one MPEG-1 Layer III frame. */
const MP3_FRAME = 1152
/** MP3 frames encoded between two turns of the event loop (about 10 ms of work). */
const FRAMES_PER_BREAK = 4
/** Peaks are first kept per block of this many frames, then merged into PREVIEW_BARS bars. */
const PEAK_BLOCK = 512
/** Sample rates an MP3 can carry. Higher rates are halved (or quartered) to the nearest of these. */
const MP3_RATES = new Set([32000, 44100, 48000])

const DECODERS = { wav: 'wav', mp3: 'mp3', flac: 'flac', oga: 'oga' } as const

/** An upload that is not audio the store can read, with the words the owner sees. */
export class PreviewFormatError extends Error {
  override name = 'PreviewFormatError'
}

export interface TranscodedPreview {
  /** The MP3 bytes as they are encoded; read it to the end, then call `peaks()`. */
  mp3: Readable
  /** 0..1, PREVIEW_BARS values: the loudest sample of each equal slice. Ready once `mp3` has ended. */
  peaks(): number[]
  /** Seconds of audio, once `mp3` has ended. */
  duration(): number
}

/** The decoder for the file's bytes, or PreviewFormatError for anything else. */
export async function previewFormatOf(path: string): Promise<keyof typeof DECODERS> {
  const handle = await open(path, 'r')
  try {
    const head = Buffer.alloc(64)
    const { bytesRead } = await handle.read(head, 0, head.length, 0)
    const type = audioType(head.subarray(0, bytesRead))
    if (type && type in DECODERS) return type as keyof typeof DECODERS
    throw new PreviewFormatError('The audio preview must be a WAV, MP3, FLAC or OGG file')
  } finally {
    await handle.close()
  }
}

export async function transcodePreview(path: string): Promise<TranscodedPreview> {
  const format = await previewFormatOf(path)
  // An ES module only: the store's CommonJS bundle loads it with import(), never require().
  const { default: decode } = await import('audio-decode')
  const blockPeaks: number[] = []
  let frames = 0
  let rate = 0

  async function* encode(): AsyncGenerator<Buffer> {
    let encoder: Mp3Encoder | null = null
    let channels = 0
    let step = 1
    let blockPeak = 0
    let blockFill = 0
    let framesSinceBreak = 0
    try {
      for await (const chunk of decode(createReadStream(path, { highWaterMark: 256 * 1024 }), DECODERS[format])) {
        const data = chunk.channelData
        const length = data[0]?.length ?? 0
        if (length === 0) continue
        if (!encoder) {
          rate = chunk.sampleRate
          step = [1, 2, 4].find((factor) => MP3_RATES.has(rate / factor)) ?? 0
          if (!step) throw new PreviewFormatError(`The audio preview's sample rate (${rate} Hz) is not one of 32, 44.1, 48, 88.2, 96, 176.4 or 192 kHz`)
          channels = Math.min(2, data.length)
          encoder = new Mp3Encoder(channels, rate / step, MP3_KBPS)
        }
        for (let i = 0; i < length; i++) {
          let peak = 0
          for (const channel of data) peak = Math.max(peak, Math.abs(channel[i]!))
          if (peak > blockPeak) blockPeak = peak
          if (++blockFill === PEAK_BLOCK) {
            blockPeaks.push(blockPeak)
            blockPeak = 0
            blockFill = 0
          }
        }
        frames += length
        const left = toPcm16(data[0]!, step)
        const right = channels === 2 ? toPcm16(data[1]!, step) : undefined
        for (let offset = 0; offset < left.length; offset += MP3_FRAME) {
          const bytes = encoder.encodeBuffer(left.subarray(offset, offset + MP3_FRAME), right?.subarray(offset, offset + MP3_FRAME))
          if (bytes.length > 0) yield Buffer.from(bytes)
          // The encoder is plain JavaScript (a few ms a frame): let the process answer other requests between frames.
          if (++framesSinceBreak === FRAMES_PER_BREAK) {
            framesSinceBreak = 0
            await new Promise((resolve) => setImmediate(resolve))
          }
        }
      }
    } catch (error) {
      if (error instanceof PreviewFormatError) throw error
      throw new PreviewFormatError(`The audio preview could not be read as ${format.toUpperCase()}: ${error instanceof Error ? error.message : String(error)}`)
    }
    if (blockFill > 0) blockPeaks.push(blockPeak)
    if (!encoder || frames === 0) throw new PreviewFormatError('The audio preview holds no sound')
    const tail = encoder.flush()
    if (tail.length > 0) yield Buffer.from(tail)
  }

  return {
    mp3: Readable.from(encode()),
    peaks: () => mergePeaks(blockPeaks, PREVIEW_BARS),
    duration: () => (rate > 0 ? frames / rate : 0),
  }
}

/** Float samples to 16-bit, keeping every `step`-th one (a preview needs no better resampling). */
function toPcm16(samples: Float32Array, step: number): Int16Array {
  const out = new Int16Array(Math.ceil(samples.length / step))
  for (let i = 0, j = 0; i < samples.length; i += step, j++) {
    const value = Math.max(-1, Math.min(1, samples[i]!))
    out[j] = value < 0 ? value * 0x8000 : value * 0x7fff
  }
  return out
}

/** `bars` values, each the largest block peak of its equal share of the blocks, to 3 decimals. */
export function mergePeaks(blocks: number[], bars: number): number[] {
  const result: number[] = []
  for (let bar = 0; bar < bars; bar++) {
    const start = Math.floor((bar * blocks.length) / bars)
    const end = Math.max(start + 1, Math.floor(((bar + 1) * blocks.length) / bars))
    let peak = 0
    for (let i = start; i < end && i < blocks.length; i++) peak = Math.max(peak, blocks[i]!)
    result.push(Math.round(Math.min(1, peak) * 1000) / 1000)
  }
  return result
}
