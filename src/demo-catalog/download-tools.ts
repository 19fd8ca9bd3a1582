/** Download contents of MIDI packs and tools: MIDI files, reference charts and calibration signals. */
import { encodeWav } from './audio-synth.ts'
import type { ProductDefinition } from './catalog-types.ts'
import type { AudioContents } from './download-audio.ts'
import { PACK_SAMPLE_RATE } from './download-audio.ts'
import {
  chordAtlasFiles,
  chordChartText,
  diatonicSeventhFiles,
  genreGrooveFiles,
  scaleLibraryFiles,
  scaleTableCsv,
  swingTemplateFiles,
} from './midi-libraries.ts'
import { midiPackFiles } from './midi-files.ts'
import type { NamedFile } from './midi-files.ts'
import { textEntry } from './package-texts.ts'
import type { PackageEntry } from './package-texts.ts'
import { channelIdentification, logSweep, pinkNoise, polarityTest, sineTone } from './test-signals.ts'
import { camelotChartCsv, delayChartCsv, delayChartText, lfoChartCsv, noteFrequencyCsv, reverbGuideText } from './tool-charts.ts'

function midiEntries(folder: string, files: NamedFile[]): PackageEntry[] {
  return files.map((file) => ({ path: `${folder}/${file.name}`, data: file.data, compress: true }))
}

const paths = (entries: PackageEntry[]): string[] => entries.map((entry) => entry.path)

export function midiPack(product: ProductDefinition): AudioContents {
  const entries = midiEntries('MIDI', midiPackFiles(product))
  return {
    entries,
    readme: [
      { title: 'Contents', lines: paths(entries) },
      {
        title: 'Using the files',
        lines: [
          'Drag a .mid file onto a track in your DAW; tempo, time signature and key come with it.',
          'Drum parts are General MIDI on channel 10: kick 36, snare 38, clap 39, closed hat 42, open hat 46.',
        ],
      },
    ],
  }
}

export function toolFiles(product: ProductDefinition): AudioContents {
  switch (product.tool) {
    case 'chord-library': {
      const entries = [...midiEntries('MIDI', chordAtlasFiles()), textEntry('Chord_Chart.txt', chordChartText())]
      return {
        entries,
        readme: [
          {
            title: 'Contents',
            lines: [
              'MIDI/Chord_Atlas_<key>.mid  (12 files, 16 chords each, one per bar, with chord-name markers)',
              'Chord_Chart.txt  (the notes of all 192 chords)',
            ],
          },
        ],
      }
    }
    case 'scale-library': {
      const entries = [...midiEntries('MIDI', scaleLibraryFiles()), textEntry('Scales.csv', scaleTableCsv())]
      return {
        entries,
        readme: [{ title: 'Contents', lines: [...paths(entries), '', 'Each MIDI file has 12 tracks, one per key, running up and down one octave from C4.'] }],
      }
    }
    case 'tempo-chart': {
      const entries = [
        textEntry('Tempo_Delay_Chart.csv', delayChartCsv()),
        textEntry('Tempo_Delay_Chart.txt', delayChartText()),
        textEntry('LFO_Rates_Hz.csv', lfoChartCsv()),
        textEntry('Reverb_PreDelay_Guide.txt', reverbGuideText()),
      ]
      return { entries, readme: [{ title: 'Contents', lines: paths(entries) }] }
    }
    case 'reference-tones': {
      const sr = PACK_SAMPLE_RATE
      const wav = (name: string, channels: Float32Array[]): PackageEntry => ({ path: `Signals/${name}.wav`, data: encodeWav(channels, sr), compress: false })
      const entries = [
        wav('Pink_Noise_-18dBFS_RMS', [pinkNoise(8, -18, sr, 'pink')]),
        wav('Log_Sweep_20Hz-20kHz_-6dBFS', [logSweep(20, 20000, 8, -6, sr)]),
        wav('Tone_1kHz_-18dBFS_RMS', [sineTone(1000, 4, -18, sr)]),
        wav('Tone_A440_-18dBFS_RMS', [sineTone(440, 4, -18, sr)]),
        wav('Tone_50Hz_Sub_Check_-18dBFS_RMS', [sineTone(50, 4, -18, sr)]),
        wav('Stereo_Polarity_Test', polarityTest(6, sr)),
        wav('Left_Right_Channel_ID', channelIdentification(4, sr)),
      ]
      entries.push(
        textEntry(
          'Calibration_Guide.txt',
          [
            'Monitor calibration with pink noise',
            '',
            '1. Play Pink_Noise_-18dBFS_RMS through one speaker at a time.',
            '2. With an SPL meter (C-weighted, slow) at your listening position, set the level to 79-83 dB SPL.',
            '3. Repeat for the other speaker; match them within 0.5 dB.',
            '4. Play Stereo_Polarity_Test: the noise should sit in the centre, then turn wide and hollow halfway.',
            '   If the first half sounds hollow, one speaker is wired in reverse polarity.',
            '5. Play the log sweep at low level and listen for rattles and room boom.',
            '',
          ].join('\n'),
        ),
      )
      return {
        entries,
        readme: [
          { title: 'Contents', lines: paths(entries) },
          { title: 'Format', lines: ['16-bit / 44.1 kHz WAV; RMS levels are for a full-scale sine at 0 dBFS peak.'] },
        ],
      }
    }
    case 'groove-templates': {
      const entries = [...midiEntries('Swing Templates', swingTemplateFiles()), ...midiEntries('Genre Grooves', genreGrooveFiles())]
      entries.push(
        textEntry(
          'Groove_Guide.txt',
          [
            'Using the grooves',
            '',
            "Ableton Live: drag a .mid file into the Groove Pool, then pick it in a clip's Groove chooser.",
            'Logic Pro: put the file on a track, select the region and choose Make Groove Template in the Quantize menu.',
            'Other DAWs: import the file as a MIDI clip and pick it in your groove or quantize-to-template feature.',
            '',
            'Swing_16th_50pct is straight; 66% is a triplet feel; 54-58% is the subtle house and hip hop swing.',
            '',
          ].join('\n'),
        ),
      )
      return { entries, readme: [{ title: 'Contents', lines: paths(entries) }] }
    }
    case 'producer-toolkit': {
      const entries = [
        textEntry('Charts/Note_Frequencies.csv', noteFrequencyCsv()),
        textEntry('Charts/Camelot_Key_Chart.csv', camelotChartCsv()),
        textEntry('Charts/Tempo_Delay_Chart.csv', delayChartCsv()),
        textEntry('Charts/Tempo_Delay_Chart.txt', delayChartText()),
        ...midiEntries('MIDI/Diatonic Sevenths', diatonicSeventhFiles()),
      ]
      return {
        entries,
        readme: [
          {
            title: 'Contents',
            lines: [
              'Charts/  (note frequencies, Camelot wheel, tempo and delay chart)',
              'MIDI/Diatonic Sevenths/  (24 files: the seven seventh chords of every major and minor key, with markers)',
            ],
          },
        ],
      }
    }
    default:
      throw new Error(`${product.slug} has no tool kind`)
  }
}
