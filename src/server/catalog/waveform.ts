/** Peak overview of a 16-bit PCM WAV file, read as a stream, for drawing a preview's waveform. */
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { Readable } from 'node:stream'

const WAVE_FORMAT_PCM = 1
const WAVE_FORMAT_EXTENSIBLE = 0xfffe

interface WavFormat {
  channels: number
  bitsPerSample: number
  blockAlign: number
}

/**
 * `bars` peak values in 0..1 (the largest absolute sample of each equal slice of the file,
 * over all channels, rounded to 3 decimals). Throws for anything but 16-bit PCM WAV.
 */
export async function computeWavPeaks(filePath: string, bars = 96): Promise<number[]> {
  const { size } = await stat(filePath)
  return wavPeaksOf(createReadStream(filePath, { highWaterMark: 64 * 1024 }), size, filePath, bars)
}

/** The same, from a stream of a WAV file of `size` bytes (named in errors as `name`); stops reading once it has them. */
export async function wavPeaksOf(stream: Readable, size: number, name: string, bars = 96): Promise<number[]> {
  if (!Number.isInteger(bars) || bars < 1) {
    stream.destroy()
    throw new RangeError(`bars must be a positive integer, got ${bars}`)
  }
  const reader = new PeakReader(name, size, bars)
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (reader.push(chunk)) break
    }
  } finally {
    stream.destroy()
  }
  return reader.result()
}

/** Walks the RIFF structure as bytes arrive: header, chunks up to "data", then the samples. */
class PeakReader {
  private pending: Buffer = Buffer.alloc(0)
  private offset = 0
  private checkedHeader = false
  private format: WavFormat | null = null
  /** Bytes of the current non-data chunk still to skip. */
  private skip = 0
  private dataLeft = -1
  private frames = 0
  private frameIndex = 0
  private readonly peaks: Float64Array

  constructor(
    private readonly filePath: string,
    private readonly fileSize: number,
    private readonly bars: number,
  ) {
    this.peaks = new Float64Array(bars)
  }

  /** Feeds the next bytes; true once the data chunk is fully read. */
  push(chunk: Buffer): boolean {
    this.pending = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk
    while (true) {
      if (!this.checkedHeader) {
        if (this.pending.length < 12) return false
        if (this.pending.toString('ascii', 0, 4) !== 'RIFF' || this.pending.toString('ascii', 8, 12) !== 'WAVE') {
          throw new Error(`Not a WAV file (no RIFF/WAVE header): ${this.filePath}`)
        }
        this.consume(12)
        this.checkedHeader = true
      } else if (this.skip > 0) {
        const skipped = Math.min(this.skip, this.pending.length)
        this.consume(skipped)
        this.skip -= skipped
        if (this.skip > 0) return false
      } else if (this.dataLeft >= 0) {
        this.readSamples()
        return this.dataLeft === 0
      } else {
        if (this.pending.length < 8 || !this.readChunkHeader()) return false
      }
    }
  }

  result(): number[] {
    if (!this.checkedHeader) throw new Error(`Not a WAV file (too short): ${this.filePath}`)
    if (!this.format) throw new Error(`Invalid WAV file (no "fmt " chunk): ${this.filePath}`)
    if (this.dataLeft < 0) throw new Error(`Invalid WAV file (no "data" chunk): ${this.filePath}`)
    return Array.from(this.peaks, (peak) => Math.round(Math.min(1, peak) * 1000) / 1000)
  }

  private consume(bytes: number): void {
    this.pending = this.pending.subarray(bytes)
    this.offset += bytes
  }

  /** Handles the chunk header at the front of `pending`; false when more bytes are needed first. */
  private readChunkHeader(): boolean {
    const id = this.pending.toString('ascii', 0, 4)
    const size = this.pending.readUInt32LE(4)
    if (id === 'fmt ') {
      if (size < 16) throw new Error(`Invalid WAV file ("fmt " chunk of ${size} bytes): ${this.filePath}`)
      if (this.pending.length < 8 + size) return false
      this.format = parseFormat(this.pending.subarray(8, 8 + size), this.filePath)
      // The pad byte after an odd-sized chunk may not have arrived yet.
      this.consume(8 + size)
      this.skip = size % 2
    } else if (id === 'data') {
      if (!this.format) throw new Error(`Unsupported WAV file ("data" before "fmt "): ${this.filePath}`)
      this.consume(8)
      // Streamed recorders leave the size at 0 or 0xFFFFFFFF; the file's own length is the truth.
      const available = this.fileSize - this.offset
      const declared = size === 0 || size === 0xffffffff ? available : size
      this.dataLeft = Math.min(declared, available)
      this.dataLeft -= this.dataLeft % this.format.blockAlign
      this.frames = this.dataLeft / this.format.blockAlign
    } else {
      // Chunks are word-aligned: an odd size is followed by one pad byte.
      this.consume(8)
      this.skip = size + (size % 2)
    }
    return true
  }

  private readSamples(): void {
    const format = this.format
    if (!format) return
    const usable = Math.min(this.dataLeft, this.pending.length - (this.pending.length % format.blockAlign))
    const { channels } = format
    const view = this.pending
    for (let position = 0; position < usable; position += format.blockAlign) {
      let frameMax = 0
      for (let channel = 0; channel < channels; channel++) {
        const value = Math.abs(view.readInt16LE(position + channel * 2))
        if (value > frameMax) frameMax = value
      }
      const bucket = Math.min(this.bars - 1, Math.floor((this.frameIndex * this.bars) / this.frames))
      const peak = frameMax / 32768
      if (peak > (this.peaks[bucket] ?? 0)) this.peaks[bucket] = peak
      this.frameIndex++
    }
    this.consume(usable)
    this.dataLeft -= usable
  }
}

function parseFormat(chunk: Buffer, filePath: string): WavFormat {
  let formatTag = chunk.readUInt16LE(0)
  const channels = chunk.readUInt16LE(2)
  const blockAlign = chunk.readUInt16LE(12)
  const bitsPerSample = chunk.readUInt16LE(14)
  if (formatTag === WAVE_FORMAT_EXTENSIBLE && chunk.length >= 26) formatTag = chunk.readUInt16LE(24)
  if (formatTag !== WAVE_FORMAT_PCM || bitsPerSample !== 16) {
    throw new Error(`Unsupported WAV format in ${filePath}: only 16-bit PCM is supported (format tag ${formatTag}, ${bitsPerSample}-bit)`)
  }
  if (channels < 1 || blockAlign !== channels * 2) {
    throw new Error(`Unsupported WAV layout in ${filePath}: ${channels} channel(s), block align ${blockAlign}`)
  }
  return { channels, bitsPerSample, blockAlign }
}
