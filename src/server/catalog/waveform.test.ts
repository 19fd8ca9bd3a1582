import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { computeWavPeaks } from './waveform.ts'

/** A WAV built by hand (not by our encoder), with optional extra chunks before "data". */
function wavBytes(options: { channels: number; frames: Int16Array[]; formatTag?: number; bits?: number; extraChunks?: Buffer[] }): Buffer {
  const { channels, frames } = options
  const bits = options.bits ?? 16
  const blockAlign = channels * (bits / 8)
  const length = frames[0]?.length ?? 0
  const data = Buffer.alloc(length * blockAlign)
  for (let i = 0; i < length; i++) {
    for (let c = 0; c < channels; c++) data.writeInt16LE(frames[c]?.[i] ?? 0, i * blockAlign + c * 2)
  }
  const fmt = Buffer.alloc(24)
  fmt.write('fmt ', 0, 'ascii')
  fmt.writeUInt32LE(16, 4)
  fmt.writeUInt16LE(options.formatTag ?? 1, 8)
  fmt.writeUInt16LE(channels, 10)
  fmt.writeUInt32LE(22050, 12)
  fmt.writeUInt32LE(22050 * blockAlign, 16)
  fmt.writeUInt16LE(blockAlign, 20)
  fmt.writeUInt16LE(bits, 22)
  const dataHeader = Buffer.alloc(8)
  dataHeader.write('data', 0, 'ascii')
  dataHeader.writeUInt32LE(data.length, 4)
  const body = Buffer.concat([fmt, ...(options.extraChunks ?? []), dataHeader, data])
  const riff = Buffer.alloc(12)
  riff.write('RIFF', 0, 'ascii')
  riff.writeUInt32LE(4 + body.length, 4)
  riff.write('WAVE', 8, 'ascii')
  return Buffer.concat([riff, body])
}

/** An odd-sized chunk (with its pad byte) that a parser must step over. */
function listChunk(): Buffer {
  const chunk = Buffer.alloc(8 + 5 + 1)
  chunk.write('LIST', 0, 'ascii')
  chunk.writeUInt32LE(5, 4)
  chunk.write('INFOx', 8, 'ascii')
  return chunk
}

/** `segments` equal runs of an alternating-sign square wave at the given levels. */
function steppedSignal(levels: number[], framesPerSegment: number): Int16Array {
  const signal = new Int16Array(levels.length * framesPerSegment)
  levels.forEach((level, segment) => {
    for (let i = 0; i < framesPerSegment; i++) signal[segment * framesPerSegment + i] = Math.round((i % 2 === 0 ? 1 : -1) * level * 32767)
  })
  return signal
}

describe('computeWavPeaks', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'als-waveform-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('returns the peak of each equal slice of a mono file', async () => {
    const path = join(dir, 'mono.wav')
    await writeFile(path, wavBytes({ channels: 1, frames: [steppedSignal([0.25, 0.5, 0.75, 1], 1000)] }))
    expect(await computeWavPeaks(path, 4)).toEqual([0.25, 0.5, 0.75, 1])
  })

  it('spreads slices evenly when there are more bars than segments', async () => {
    const path = join(dir, 'spread.wav')
    await writeFile(path, wavBytes({ channels: 1, frames: [steppedSignal([0.1, 0.9], 500)] }))
    expect(await computeWavPeaks(path, 4)).toEqual([0.1, 0.1, 0.9, 0.9])
  })

  it('takes the louder channel of a stereo file, skips other chunks and reads across stream chunks', async () => {
    // 80 000 stereo frames = 320 kB of samples, several 64 kB stream chunks.
    const left = steppedSignal([0.2, 0.2, 0.6, 0.1], 20000)
    const right = steppedSignal([0.4, 0.1, 0.3, 0.1], 20000)
    const path = join(dir, 'stereo.wav')
    await writeFile(path, wavBytes({ channels: 2, frames: [left, right], extraChunks: [listChunk()] }))
    expect(await computeWavPeaks(path, 4)).toEqual([0.4, 0.2, 0.6, 0.1])
    const peaks = await computeWavPeaks(path)
    expect(peaks).toHaveLength(96)
    expect(Math.max(...peaks)).toBe(0.6)
  })

  it('gives silence for a file with an empty data chunk', async () => {
    const path = join(dir, 'empty.wav')
    await writeFile(path, wavBytes({ channels: 1, frames: [new Int16Array(0)] }))
    expect(await computeWavPeaks(path, 3)).toEqual([0, 0, 0])
  })

  it('rejects a file that is not a WAV', async () => {
    const path = join(dir, 'notes.txt')
    await writeFile(path, 'just some text, long enough to have a header')
    await expect(computeWavPeaks(path)).rejects.toThrow(/Not a WAV file/)
    const tiny = join(dir, 'tiny.bin')
    await writeFile(tiny, 'RIFF')
    await expect(computeWavPeaks(tiny)).rejects.toThrow(/Not a WAV file/)
  })

  it('rejects WAV formats other than 16-bit PCM', async () => {
    const float = join(dir, 'float.wav')
    await writeFile(float, wavBytes({ channels: 1, frames: [new Int16Array(100)], formatTag: 3 }))
    await expect(computeWavPeaks(float)).rejects.toThrow(/Unsupported WAV format/)
  })

  it('rejects a bar count that is not a positive integer', async () => {
    await expect(computeWavPeaks(join(dir, 'mono.wav'), 0)).rejects.toThrow(RangeError)
  })
})
