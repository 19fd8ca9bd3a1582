/** Reference charts sold as tools: tempo-synced delay times, LFO rates, note frequencies and the Camelot wheel. */
import { midiNoteName, midiToFrequency, pitchName } from './music-theory.ts'

const NOTE_VALUES: readonly { label: string; beats: number }[] = [
  { label: '1/1', beats: 4 },
  { label: '1/2', beats: 2 },
  { label: '1/4', beats: 1 },
  { label: '1/8', beats: 0.5 },
  { label: '1/16', beats: 0.25 },
  { label: '1/32', beats: 0.125 },
  { label: '1/64', beats: 0.0625 },
]
const FEELS: readonly { suffix: string; factor: number }[] = [
  { suffix: '', factor: 1 },
  { suffix: ' dotted', factor: 1.5 },
  { suffix: ' triplet', factor: 2 / 3 },
]

const round2 = (value: number): string => value.toFixed(2)

function tempos(from = 60, to = 200): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i)
}

/** Milliseconds of every note value, straight, dotted and triplet, for each BPM. */
export function delayChartCsv(): string {
  const header = ['BPM', ...NOTE_VALUES.flatMap((value) => FEELS.map((feel) => `${value.label}${feel.suffix} (ms)`))]
  const rows = tempos().map((bpm) => {
    const beat = 60000 / bpm
    return [String(bpm), ...NOTE_VALUES.flatMap((value) => FEELS.map((feel) => round2(beat * value.beats * feel.factor)))].join(',')
  })
  return [header.join(','), ...rows].join('\n') + '\n'
}

/** The same rates as LFO frequencies in hertz. */
export function lfoChartCsv(): string {
  const header = ['BPM', ...NOTE_VALUES.flatMap((value) => FEELS.map((feel) => `${value.label}${feel.suffix} (Hz)`))]
  const rows = tempos().map((bpm) => {
    const beat = 60 / bpm
    return [String(bpm), ...NOTE_VALUES.flatMap((value) => FEELS.map((feel) => (1 / (beat * value.beats * feel.factor)).toFixed(3)))].join(',')
  })
  return [header.join(','), ...rows].join('\n') + '\n'
}

/** A printable table of the values used most: quarter, eighth and sixteenth in all three feels. */
export function delayChartText(): string {
  const columns = NOTE_VALUES.slice(2, 5).flatMap((value) =>
    FEELS.map((feel) => ({ label: `${value.label}${feel.suffix.charAt(1).toUpperCase()}`, ms: value.beats * feel.factor })),
  )
  const lines = [
    'ALS tempo & delay chart (milliseconds). D = dotted, T = triplet.',
    '',
    ['BPM'.padEnd(5), ...columns.map((column) => column.label.padStart(8))].join(''),
  ]
  for (const bpm of tempos()) {
    const beat = 60000 / bpm
    lines.push([String(bpm).padEnd(5), ...columns.map((column) => (beat * column.ms).toFixed(1).padStart(8))].join(''))
  }
  return lines.join('\n') + '\n'
}

export function reverbGuideText(): string {
  return [
    'ALS pre-delay and decay guide',
    '',
    'Pre-delay: start at a 1/64 or 1/32 note of the song tempo (see the chart) so the reverb',
    'starts just after the dry hit; this keeps vocals and snares clear in front of the space.',
    '',
    'Decay (RT60) that ends before the next beat keeps the groove tight:',
    '  tight   = one 1/4 note minus the pre-delay',
    '  medium  = one 1/2 note',
    '  lush    = one bar (1/1) or longer for pads and ballads',
    '',
    'Example at 120 BPM: 1/64 = 31.25 ms pre-delay; a 1/2-note decay = 1000 ms.',
    '',
  ].join('\n')
}

/** Every MIDI note with its frequency, period and wavelength in air (343 m/s). */
export function noteFrequencyCsv(): string {
  const rows = ['MIDI,Note,Frequency (Hz),Period (ms),Wavelength (m)']
  for (let midi = 0; midi < 128; midi++) {
    const frequency = midiToFrequency(midi)
    rows.push([midi, midiNoteName(midi), frequency.toFixed(3), (1000 / frequency).toFixed(4), (343 / frequency).toFixed(4)].join(','))
  }
  return rows.join('\n') + '\n'
}

/** Major keys as DJs and key-detection tools spell them (Db, Ab rather than C#, G#). */
const MAJOR_SPELLING = ['C', 'Db', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B']

/**
 * The Camelot wheel: number n is a minor key (A) and its relative major (B); compatible keys are
 * the same code, its A/B partner and the neighbours one step round the wheel.
 */
export function camelotChartCsv(): string {
  const rows = ['Camelot,Key,Compatible']
  for (let n = 1; n <= 12; n++) {
    // 8A is A minor and 8B is C major; each step round the wheel is a fifth up.
    const minorPc = (9 + (n - 8) * 7 + 120) % 12
    const majorPc = (minorPc + 3) % 12
    const next = (n % 12) + 1
    const previous = ((n + 10) % 12) + 1
    rows.push([`${n}A`, `${pitchName(minorPc)} minor`, `${n}A ${previous}A ${next}A ${n}B`].join(','))
    rows.push([`${n}B`, `${MAJOR_SPELLING[majorPc]} major`, `${n}B ${previous}B ${next}B ${n}A`].join(','))
  }
  return rows.join('\n') + '\n'
}
