// Auditioning a loop in the producer's tempo and key: the stretch the product page loads on demand,
// measured on audio it renders, and the journey through the controls.
import { readFileSync } from 'node:fs'
import { expect, test } from './support/test.ts'

/**
 * The address of the built stretch playback chunk (src/client/features/audition/stretch-playback.ts),
 * the very module the product page imports when a producer plays a stretched preview.
 */
function stretchPlaybackChunk(): string {
  const manifest = JSON.parse(readFileSync(new URL('../dist/client/.vite/manifest.json', import.meta.url), 'utf8')) as Record<string, { file: string }>
  const chunk = manifest['src/client/features/audition/stretch-playback.ts']
  if (!chunk) throw new Error('The build has no stretch playback chunk: run `npm run build`')
  return `/${chunk.file}`
}

interface LoopMeasure {
  /** Samples in the buffer. */
  length: number
  /** Seconds at which each note starts. */
  onsets: number[]
  /** The dominant frequency inside each note after the first, in Hz. */
  pitches: number[]
}

/**
 * Renders, in the page, a 120 BPM loop (two bars of 440 Hz quarter notes: 0.4 s of tone, 0.1 s
 * of rest) through the app's `renderStretched` with this plan, and measures the loop and the render.
 */
async function renderLoop(
  page: import('@playwright/test').Page,
  plan: { rate: number; semitones: number },
): Promise<{ source: LoopMeasure; rendered: LoopMeasure }> {
  return page.evaluate(
    async ({ chunk, plan }) => {
      const sampleRate = 44_100
      const beat = 0.5
      const tone = 0.4
      const source = new AudioBuffer({ numberOfChannels: 1, length: 8 * beat * sampleRate, sampleRate })
      const samples = source.getChannelData(0)
      for (let index = 0; index < samples.length; index++) {
        const time = index / sampleRate
        const inNote = time % beat
        // 5 ms fades so each note starts and ends without a click.
        const gain = inNote < tone ? Math.min(1, inNote / 0.005, (tone - inNote) / 0.005) : 0
        samples[index] = 0.5 * gain * Math.sin(2 * Math.PI * 440 * time)
      }

      const { renderStretched } = (await import(/* @vite-ignore */ chunk)) as {
        renderStretched: (buffer: AudioBuffer, plan: { rate: number; semitones: number }) => Promise<AudioBuffer>
      }
      const rendered = await renderStretched(source, plan)

      /** Note starts: where the 5 ms RMS envelope rises past half its peak after falling below a fifth. */
      function onsets(signal: Float32Array): number[] {
        const hop = Math.round(0.005 * sampleRate)
        const envelope: number[] = []
        for (let start = 0; start + hop <= signal.length; start += hop) {
          let sum = 0
          for (let index = start; index < start + hop; index++) sum += signal[index]! ** 2
          envelope.push(Math.sqrt(sum / hop))
        }
        const peak = Math.max(...envelope)
        const found: number[] = []
        let armed = true
        envelope.forEach((level, frame) => {
          if (armed && level > peak / 2) {
            found.push((frame * hop) / sampleRate)
            armed = false
          } else if (level < peak / 5) armed = true
        })
        return found
      }

      /** Magnitude of the Hann-windowed signal at one frequency (Goertzel). */
      function magnitude(window: Float32Array, frequency: number): number {
        const coefficient = 2 * Math.cos((2 * Math.PI * frequency) / sampleRate)
        let previous = 0
        let beforePrevious = 0
        for (const sample of window) {
          const current = sample + coefficient * previous - beforePrevious
          beforePrevious = previous
          previous = current
        }
        return previous ** 2 + beforePrevious ** 2 - coefficient * previous * beforePrevious
      }

      /** The strongest frequency from 200 to 1000 Hz: a 1 Hz scan, then a 0.01 Hz one around the peak. */
      function dominantFrequency(signal: Float32Array, from: number, length: number): number {
        const window = new Float32Array(length)
        for (let index = 0; index < length; index++) window[index] = signal[from + index]! * (0.5 - 0.5 * Math.cos((2 * Math.PI * index) / (length - 1)))
        const strongest = (low: number, high: number, step: number) => {
          let best = low
          let bestMagnitude = -1
          for (let frequency = low; frequency <= high; frequency += step) {
            const level = magnitude(window, frequency)
            if (level > bestMagnitude) {
              best = frequency
              bestMagnitude = level
            }
          }
          return best
        }
        const coarse = strongest(200, 1000, 1)
        return strongest(coarse - 1.5, coarse + 1.5, 0.01)
      }

      function measure(buffer: AudioBuffer): LoopMeasure {
        const signal = buffer.getChannelData(0)
        const starts = onsets(signal)
        const windowLength = Math.round(0.25 * sampleRate)
        const pitches = starts.slice(1).map((start) => dominantFrequency(signal, Math.round((start + 0.08) * sampleRate), windowLength))
        return { length: buffer.length, onsets: starts, pitches }
      }

      return { source: measure(source), rendered: measure(rendered) }
    },
    { chunk: stretchPlaybackChunk(), plan },
  )
}

const cents = (frequency: number, reference: number) => 1200 * Math.log2(frequency / reference)
/** Seconds from one note to the next (least squares over the notes after the first, which starts from silence). */
function beatPeriod(onsets: number[]): number {
  const notes = onsets.slice(1).map((time, index) => ({ index, time }))
  const meanIndex = notes.reduce((sum, note) => sum + note.index, 0) / notes.length
  const meanTime = notes.reduce((sum, note) => sum + note.time, 0) / notes.length
  const covariance = notes.reduce((sum, note) => sum + (note.index - meanIndex) * (note.time - meanTime), 0)
  const variance = notes.reduce((sum, note) => sum + (note.index - meanIndex) ** 2, 0)
  return covariance / variance
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

test('stretching a 120 BPM loop to 90 BPM makes it 4/3 as long at the same pitch', async ({ page }) => {
  await page.goto('/')
  const { source, rendered } = await renderLoop(page, { rate: 90 / 120, semitones: 0 })

  expect(source.onsets).toHaveLength(8)
  expect(rendered.length / source.length).toBeCloseTo(4 / 3, 2)
  // Every note is there, each beat 4/3 as far apart: the loop itself is slower, not cut or padded.
  expect(rendered.onsets).toHaveLength(8)
  expect(Math.abs(beatPeriod(rendered.onsets) / beatPeriod(source.onsets) / (4 / 3) - 1)).toBeLessThan(0.01)
  expect(Math.abs(cents(median(rendered.pitches), 440))).toBeLessThan(5)
})

test('a key shift of +2 semitones raises A 440 to B 493.88 and keeps the length', async ({ page }) => {
  await page.goto('/')
  const { source, rendered } = await renderLoop(page, { rate: 1, semitones: 2 })

  expect(rendered.length).toBe(source.length)
  expect(rendered.onsets).toHaveLength(8)
  expect(Math.abs(beatPeriod(rendered.onsets) / beatPeriod(source.onsets) - 1)).toBeLessThan(0.01)
  expect(Math.abs(cents(median(rendered.pitches), 440 * 2 ** (2 / 12)))).toBeLessThan(5)
})

test('a producer sets My BPM on a product page, hears it stretched, and the session remembers it', async ({ page }) => {
  const found = (await (await page.request.get('/api/products?q=warehouse')).json()) as { data: Array<{ id: string; name: string; bpm: number | null }> }
  const product = found.data.find((candidate) => candidate.name === 'Warehouse Techno')
  expect(product?.bpm).toBe(130)

  await page.goto(`/products/${product!.id}`)
  // Clicking before the page is hydrated would reach only the server's HTML.
  await page.waitForLoadState('networkidle')
  await page.getByRole('tab', { name: 'Audio Demos' }).click()
  const panel = page.getByRole('tabpanel')
  const myBpm = panel.getByRole('spinbutton', { name: 'My BPM' })
  await expect(myBpm).toHaveAttribute('placeholder', '130')
  await expect(panel.getByRole('status')).toHaveText('As recorded: 130 BPM · D minor')

  await myBpm.fill('90')
  await panel.getByRole('combobox', { name: 'Key shift' }).selectOption('2')
  await expect(panel.getByRole('status')).toHaveText('130 → 90 BPM · D minor +2 → E minor')

  await panel.getByRole('button', { name: 'Play preview of Warehouse Techno' }).click()
  // The stretched preview really plays: the waveform moves on, through the Web Audio engine.
  const waveform = panel.getByRole('slider', { name: 'Waveform of Warehouse Techno preview' })
  await expect(waveform).toHaveAttribute('aria-valuetext', /^0:0[1-9] of \d:\d\d$/, { timeout: 15_000 })
  await panel.getByRole('button', { name: 'Pause preview of Warehouse Techno' }).click()
  await expect(panel.getByRole('button', { name: 'Play preview of Warehouse Techno' })).toBeVisible()

  await page.reload()
  await page.waitForLoadState('networkidle')
  await page.getByRole('tab', { name: 'Audio Demos' }).click()
  await expect(page.getByRole('tabpanel').getByRole('spinbutton', { name: 'My BPM' })).toHaveValue('90')
  await expect(page.getByRole('tabpanel').getByRole('status')).toHaveText('130 → 90 BPM · D minor +2 → E minor')

  await page.getByRole('tabpanel').getByRole('button', { name: 'Reset' }).click()
  await expect(page.getByRole('tabpanel').getByRole('status')).toHaveText('As recorded: 130 BPM · D minor')
})
