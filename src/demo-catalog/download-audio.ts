/** Download contents made of audio: sample-pack loops, multisampled SFZ instruments and processor IR packs. */
import { encodeWav, renderMultisamples, renderScore } from './audio-synth.ts'
import type { ProductDefinition } from './catalog-types.ts'
import { compose } from './composition.ts'
import type { PartName } from './composition.ts'
import type { ChordSound, DrumName } from './grooves.ts'
import { cabinetImpulse, echoImpulse, plateImpulse, roomImpulse, springImpulse } from './impulse-responses.ts'
import type { StereoBuffer } from './impulse-responses.ts'
import { fileStem } from './midi-files.ts'
import { keyCode, midiNoteName, parseKey } from './music-theory.ts'
import { COMPRESSOR_PRESETS, ECHO_PRESETS, SATURATION_CHAINS, presetsJson, presetsText } from './processor-presets.ts'
import { textEntry } from './package-texts.ts'
import type { PackageEntry, ReadmeSection } from './package-texts.ts'
import { delayChartText } from './tool-charts.ts'

export const PACK_SAMPLE_RATE = 44100

export interface AudioContents {
  entries: PackageEntry[]
  readme: ReadmeSection[]
}

const CHORD_LABELS: Record<ChordSound, string> = {
  epiano: 'Keys',
  pad: 'Pads',
  stab: 'Stabs',
  pluck: 'Plucks',
  organ: 'Organ',
  strings: 'Strings',
  bell: 'Bells',
  supersaw: 'Pads',
}
const TOP_DRUMS: readonly DrumName[] = ['hat', 'openhat', 'shaker', 'rim', 'conga']

function wavEntry(path: string, channels: readonly Float32Array[]): PackageEntry {
  return { path, data: encodeWav(channels, PACK_SAMPLE_RATE), compress: false }
}

function seconds(samples: Float32Array): string {
  return `${(samples.length / PACK_SAMPLE_RATE).toFixed(1)} s`
}

/** Four bars when they fit in about eight seconds, otherwise two: keeps slow packs small. */
export function loopBars(bpm: number): number {
  return (4 * 240) / bpm <= 8.5 ? 4 : 2
}

/** One loop per part (plus a tops loop and the full mix), all cut from the same score so they line up. */
export function sampleLoops(product: ProductDefinition): AudioContents {
  const recipe = product.sound
  const bars = loopBars(recipe.bpm)
  const score = compose(recipe, { bars, seed: `${product.slug}|loops` })
  const stem = fileStem(product.name)
  const suffix = `${recipe.bpm}bpm_${keyCode(parseKey(recipe.key))}`
  const stems: { label: string; parts: PartName[]; drums?: readonly DrumName[] }[] = []
  if (recipe.parts.includes('drums')) {
    stems.push({ label: 'Drums', parts: ['drums'] })
    if (score.drums.some((hit) => TOP_DRUMS.includes(hit.drum))) stems.push({ label: 'Tops', parts: ['drums'], drums: TOP_DRUMS })
  }
  if (recipe.parts.includes('bass')) stems.push({ label: score.sounds.bass === '808' ? '808' : 'Bass', parts: ['bass'] })
  if (recipe.parts.includes('chords')) stems.push({ label: CHORD_LABELS[score.sounds.chord], parts: ['chords'] })
  if (recipe.parts.includes('lead')) stems.push({ label: 'Lead', parts: ['lead'] })
  if (recipe.parts.includes('arp')) stems.push({ label: 'Arp', parts: ['arp'] })
  stems.push({ label: 'Full', parts: recipe.parts })

  const entries: PackageEntry[] = []
  const lines: string[] = []
  for (const loop of stems) {
    const samples = renderScore(score, { sampleRate: PACK_SAMPLE_RATE, parts: loop.parts, drums: loop.drums, mode: 'loop', fx: recipe.fx, seed: product.slug })
    const name = `${stem}_${loop.label}_${suffix}.wav`
    entries.push(wavEntry(`Loops/${name}`, [samples]))
    lines.push(`Loops/${name}  (${bars} bars, ${seconds(samples)})`)
  }
  return {
    entries,
    readme: [
      { title: 'Contents', lines },
      {
        title: 'Format',
        lines: [
          '16-bit / 44.1 kHz mono WAV, normalised to -1 dBFS.',
          `Every loop is exactly ${bars} bars at ${recipe.bpm} BPM and loops seamlessly: the tails wrap round to the start.`,
        ],
      },
    ],
  }
}

/** Thirteen notes, every third semitone over three octaves, and the SFZ file that maps them. */
export function instrumentFiles(product: ProductDefinition): AudioContents {
  const spec = product.instrument
  if (!spec) throw new Error(`${product.slug} has no instrument spec`)
  const stem = fileStem(product.name)
  const notes = Array.from({ length: 13 }, (_, i) => spec.lowNote + i * 3)
  const rendered = renderMultisamples(spec.sound, notes, spec.noteSeconds, PACK_SAMPLE_RATE, product.slug)
  const sampleName = (midi: number): string => `${stem}_${String(midi).padStart(3, '0')}_${midiNoteName(midi).replace('#', 's')}.wav`
  const entries: PackageEntry[] = notes.map((midi, index) => wavEntry(`Samples/${sampleName(midi)}`, [rendered[index] ?? new Float32Array(0)]))
  const regions = notes.map((midi, index) => {
    // Each sample covers its own key and the semitone either side; the ends stretch an octave.
    const lokey = index === 0 ? Math.max(0, midi - 12) : midi - 1
    const hikey = index === notes.length - 1 ? Math.min(127, midi + 12) : midi + 1
    return `<region> sample=${sampleName(midi)} lokey=${lokey} hikey=${hikey} pitch_keycenter=${midi}`
  })
  const sfz = [
    `// ${product.name} - ALS (Audio Lab Store)`,
    `// ${notes.length} samples, ${midiNoteName(notes[0] ?? 0)} to ${midiNoteName(notes[notes.length - 1] ?? 0)}, one every third semitone.`,
    '<control>',
    'default_path=Samples/',
    '<global>',
    'amp_veltrack=75',
    'ampeg_attack=0.001',
    `ampeg_release=${spec.release}`,
    ...(spec.mono ? ['polyphony=1'] : []),
    ...regions,
    '',
  ].join('\n')
  entries.push(textEntry(`${stem}.sfz`, sfz))
  return {
    entries,
    readme: [
      {
        title: 'Contents',
        lines: [
          `${stem}.sfz  (the instrument: open this in your SFZ player)`,
          `Samples/  (${notes.length} WAV files, ${midiNoteName(notes[0] ?? 0)} to ${midiNoteName(notes[notes.length - 1] ?? 0)})`,
        ],
      },
      {
        title: 'Loading',
        lines: [
          'Keep the .sfz file next to the Samples folder.',
          'Free players: sforzando (Windows/macOS), sfizz (Windows/macOS/Linux), or any sampler that imports SFZ.',
        ],
      },
      { title: 'Format', lines: [`16-bit / 44.1 kHz mono WAV, ${spec.noteSeconds} s per note, C4 = MIDI note 60.`] },
    ],
  }
}

export function processorFiles(product: ProductDefinition): AudioContents {
  const stem = fileStem(product.name)
  const stereo = (name: string, buffer: StereoBuffer): PackageEntry => wavEntry(`Impulse Responses/${stem}_${name}.wav`, buffer)
  const names = (entries: PackageEntry[]): string[] => entries.map((entry) => entry.path)
  const sr = PACK_SAMPLE_RATE
  switch (product.processor) {
    case 'reverb': {
      const rooms: [string, number, number, number, number][] = [
        ['Vocal_Booth', 0.35, 0.001, 9000, 4000],
        ['Small_Room', 0.6, 0.004, 8000, 3000],
        ['Chamber_A', 1.2, 0.012, 7500, 2200],
        ['Chamber_B', 1.8, 0.018, 6500, 1800],
        ['Concert_Hall', 2.8, 0.025, 6000, 1400],
        ['Cathedral', 4, 0.04, 5000, 1000],
      ]
      const entries = rooms.map(([name, decay, preDelay, brightness, darkness]) =>
        stereo(name, roomImpulse({ decay, preDelay, brightness, darkness, earlyReflections: 8, seed: name }, sr)),
      )
      const sheet = rooms.map(
        ([name, decay, preDelay]) => `${name.replace(/_/g, ' ').padEnd(14)} RT60 ${decay.toFixed(2)} s, built-in pre-delay ${(preDelay * 1000).toFixed(0)} ms`,
      )
      entries.push(
        textEntry(
          'Cheat_Sheet.txt',
          [
            'Suggested uses',
            '',
            ...sheet,
            '',
            'Vocals: Chamber A with 20-40 ms extra pre-delay, high-pass the return at 300 Hz.',
            'Snare: Small Room or Chamber B, low-pass the return at 8 kHz.',
            'Pads and strings: Concert Hall or Cathedral, 100% wet on a send.',
            '',
          ].join('\n'),
        ),
      )
      return {
        entries,
        readme: [
          { title: 'Contents', lines: names(entries) },
          { title: 'Format', lines: ['Stereo 16-bit / 44.1 kHz WAV impulse responses, peak -1 dBFS.'] },
        ],
      }
    }
    case 'plate-spring': {
      const entries = [
        stereo('Bright_Plate', plateImpulse(1.6, 9000, 'bright-plate', sr)),
        stereo('Dark_Plate', plateImpulse(2.2, 5000, 'dark-plate', sr)),
        stereo('Vocal_Plate', plateImpulse(1.2, 7500, 'vocal-plate', sr)),
        stereo('Short_Spring', springImpulse(1.5, 0.032, 'short-spring', sr)),
        stereo('Long_Spring', springImpulse(2.5, 0.041, 'long-spring', sr)),
      ]
      entries.push(
        textEntry(
          'Usage_Notes.txt',
          'Plates: put them on a send, high-pass the return at 200 Hz, 10-30 ms pre-delay for vocals.\nSprings: guitars and dub sends; the boing comes from the repeating chirps, so EQ the return rather than shortening it.\n',
        ),
      )
      return {
        entries,
        readme: [
          { title: 'Contents', lines: names(entries) },
          { title: 'Format', lines: ['Stereo 16-bit / 44.1 kHz WAV impulse responses, peak -1 dBFS.'] },
        ],
      }
    }
    case 'delay': {
      // At 120 BPM a quarter note is 500 ms.
      const entries = [
        stereo('Slapback_90ms', echoImpulse(0.09, 0.15, false, 'slap', sr)),
        stereo('Dotted_Eighth_120bpm', echoImpulse(0.375, 0.35, false, 'dotted', sr)),
        stereo('Quarter_120bpm', echoImpulse(0.5, 0.4, false, 'quarter', sr)),
        stereo('PingPong_Eighth_120bpm', echoImpulse(0.25, 0.45, true, 'pingpong', sr)),
      ]
      entries.push(textEntry('Presets/Tape_Echo_Presets.txt', presetsText('ALS Tape Echo Presets (times as note values; see Tempo_Table.txt)', ECHO_PRESETS)))
      entries.push(textEntry('Presets/Tape_Echo_Presets.json', presetsJson(ECHO_PRESETS)))
      entries.push(textEntry('Tempo_Table.txt', delayChartText()))
      return {
        entries,
        readme: [
          { title: 'Contents', lines: names(entries) },
          {
            title: 'Using the presets',
            lines: [
              'Set your delay to the note value (or the milliseconds from Tempo_Table.txt) and copy the other values.',
              'The IRs are the same echoes printed at 120 BPM for convolution plugins.',
            ],
          },
        ],
      }
    }
    case 'cabinet': {
      const cabs: [string, number, number, number, number, number][] = [
        ['Brit_4x12_Dynamic_Cap', 80, 110, 2800, 5200, 0.25],
        ['Brit_4x12_Dynamic_Edge', 80, 110, 2200, 4200, 0.45],
        ['US_2x12_Ribbon', 70, 100, 1800, 4500, 0.35],
        ['Blackface_1x12_Combo', 90, 130, 3000, 5500, 0.3],
        ['Bass_1x15', 40, 70, 1200, 3500, 0.5],
        ['Bass_8x10', 45, 85, 1600, 4200, 0.4],
      ]
      const entries = cabs.map(([name, lowCut, resonance, presence, highCut, combMs]) =>
        wavEntry(`Impulse Responses/${stem}_${name}.wav`, [cabinetImpulse({ lowCut, resonance, presence, highCut, combMs }, sr)]),
      )
      entries.push(
        textEntry(
          'Pairing_Notes.txt',
          'Blend Cap with Edge (50/50) for a full 4x12 tone.\nRibbon smooths harsh high-gain amps; pair it with either 4x12.\nBass: 1x15 for round reggae and soul tones, 8x10 for rock; blend with a DI.\n',
        ),
      )
      return {
        entries,
        readme: [
          { title: 'Contents', lines: names(entries) },
          { title: 'Format', lines: ['Mono 16-bit / 44.1 kHz WAV, 200 ms each: load in any IR loader after an amp simulator.'] },
        ],
      }
    }
    case 'compressor':
    case 'saturator': {
      const compressor = product.processor === 'compressor'
      const presets = compressor ? COMPRESSOR_PRESETS : SATURATION_CHAINS
      const title = compressor ? 'Glue_Bus_Presets' : 'Saturation_Chains'
      const score = compose(product.sound, { bars: loopBars(product.sound.bpm), seed: `${product.slug}|test` })
      const loop = renderScore(score, { sampleRate: sr, parts: ['drums'], mode: 'loop', seed: product.slug })
      const loopName = `${stem}_Test_Drums_${product.sound.bpm}bpm.wav`
      const entries = [
        textEntry(`Presets/${title}.txt`, presetsText(`${product.name}: ${presets.length} presets`, presets)),
        textEntry(`Presets/${title}.json`, presetsJson(presets)),
        wavEntry(`Test Material/${loopName}`, [loop]),
      ]
      if (compressor)
        entries.push(
          textEntry(
            'Attack_Release_Guide.txt',
            'Release to tempo: start with a 1/16 note for drums, a 1/8 note for the mix bus (see any tempo chart).\nAttack: under 5 ms flattens transients, 10-30 ms lets them punch through.\nAim for 2-4 dB of gain reduction on busses; more only in parallel.\n',
          ),
        )
      return {
        entries,
        readme: [
          { title: 'Contents', lines: names(entries) },
          {
            title: 'Using the presets',
            lines: [
              'Each preset lists plain parameter values that work in any compressor or saturator; JSON copies are for scripts.',
              `${loopName} is a dry loop to practise on.`,
            ],
          },
        ],
      }
    }
    default:
      throw new Error(`${product.slug} has no processor kind`)
  }
}
