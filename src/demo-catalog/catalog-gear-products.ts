/** The demo catalog's instruments, processors and tools. */
import { defineProduct } from './catalog-types.ts'
import type { ProductDefinition } from './catalog-types.ts'

export const INSTRUMENTS: ProductDefinition[] = [
  defineProduct({
    slug: 'velvet-rhodes',
    name: 'Velvet Rhodes',
    categorySlug: 'instruments',
    description:
      'A mellow tine electric piano with a soft bell attack and a long, warm decay, multisampled every third semitone from C2 to C5. Thirteen 16-bit/44.1 kHz WAV samples plus an SFZ mapping that loads in sforzando and most SFZ-capable samplers. Made for neo-soul, lo-fi and R&B chords.',
    priceCents: 4999, originalPriceCents: 6999, createdDaysAgo: 31, downloadLimit: 5,
    featured: true, rating: 4.8, reviewCount: 187, tags: ['electric piano', 'keys', 'sfz', 'multisampled'], genre: 'Neo Soul',
    productType: 'digital_download', purchaseLimit: '1', imageCount: 3,
    sound: { style: 'neo-soul', bpm: 84, key: 'D dorian', parts: ['drums', 'bass', 'chords'], progression: [1, 4, 1, 5], chordSize: 5 },
    instrument: { sound: 'epiano', lowNote: 36, noteSeconds: 2.2, release: 0.4 },
  }),
  defineProduct({
    slug: 'analog-mono-bass',
    name: 'Analog Mono Bass',
    categorySlug: 'instruments',
    description:
      'A punchy monophonic saw-and-sub bass with a snappy filter envelope, sampled every third semitone from C1 to C4. Thirteen WAV samples and an SFZ file set to mono (one voice at a time) with a short release. Sits under house, synthwave and electro without fighting the kick.',
    priceCents: 3999, createdDaysAgo: 152, downloadLimit: 3,
    rating: 4.4, reviewCount: 61, tags: ['bass', 'analog', 'mono synth', 'sfz'], genre: 'House',
    productType: 'digital_download', imageCount: 2,
    sound: { style: 'house', bpm: 124, key: 'G minor', parts: ['drums', 'bass', 'chords'], progression: [1, 1, 6, 7], bassSound: 'saw' },
    instrument: { sound: 'saw-bass', lowNote: 24, noteSeconds: 1.2, release: 0.08, mono: true },
  }),
  defineProduct({
    slug: 'crystal-kalimba',
    name: 'Crystal Kalimba',
    categorySlug: 'instruments',
    description:
      'A bright plucked kalimba made with physical-modelling string synthesis, sampled every third semitone from C3 to C6. Thirteen WAV samples with natural decays and an SFZ mapping ready for any SFZ player. Perfect for Afro house hooks, lullabies and playful pop toplines.',
    priceCents: 2999, createdDaysAgo: 15, downloadLimit: 3,
    isNew: true, rating: 4.5, reviewCount: 19, tags: ['kalimba', 'pluck', 'mallet', 'sfz'], genre: 'Afro House',
    productType: 'digital_download', imageCount: 2,
    sound: { style: 'afro-house', bpm: 120, key: 'C major', parts: ['drums', 'bass', 'chords', 'lead'], progression: [1, 5, 6, 4], leadSound: 'pluck' },
    instrument: { sound: 'pluck', lowNote: 48, noteSeconds: 1.4, release: 0.3 },
  }),
  defineProduct({
    slug: 'aurora-pads',
    name: 'Aurora Pads',
    categorySlug: 'instruments',
    description:
      'A slow-blooming analog pad of three detuned saws through a gentle low-pass, sampled every third semitone from C2 to C5 with 2.6-second sustains. Thirteen WAV samples and an SFZ instrument with a long release for ambient beds and film cues. Layer it under keys or let it breathe on its own.',
    priceCents: 3999, originalPriceCents: 4999, createdDaysAgo: 57, downloadLimit: 5,
    rating: 4.7, reviewCount: 112, tags: ['pads', 'ambient', 'analog', 'sfz'], genre: 'Ambient',
    productType: 'digital_download', purchaseLimit: '1', imageCount: 2,
    sound: { style: 'ambient', bpm: 76, key: 'Eb major', parts: ['bass', 'chords', 'lead'], progression: [1, 4, 6, 5] },
    instrument: { sound: 'pad', lowNote: 36, noteSeconds: 2.6, release: 0.9 },
  }),
  defineProduct({
    slug: 'drawbar-organ',
    name: 'Drawbar Organ',
    categorySlug: 'instruments',
    description:
      'A tonewheel-style drawbar organ with key click and a slow rotary shimmer, multisampled every third semitone from C2 to C5. Thirteen WAV samples plus an SFZ mapping tuned for short stabs and held chords alike. The sound behind garage and deep house organ riffs.',
    priceCents: 3499, createdDaysAgo: 266, downloadLimit: 3,
    rating: 4.2, reviewCount: 48, tags: ['organ', 'drawbar', 'house', 'sfz'], genre: 'UK Garage',
    productType: 'digital_download', imageCount: 2,
    sound: { style: 'garage', bpm: 130, key: 'A minor', parts: ['drums', 'bass', 'chords'], progression: [1, 6, 7, 5] },
    instrument: { sound: 'organ', lowNote: 36, noteSeconds: 1.5, release: 0.1 },
  }),
  defineProduct({
    slug: 'tape-bells',
    name: 'Tape Bells',
    categorySlug: 'instruments',
    description:
      'Glassy FM bells with inharmonic overtones and a long shimmering tail, sampled every third semitone from C3 to C6. Thirteen WAV samples with an SFZ mapping for melodies, counter-lines and trap toplines. Pairs well with long 808s and sparse drums.',
    priceCents: 2499, createdDaysAgo: 18, downloadLimit: 3,
    isNew: true, rating: 4.3, reviewCount: 9, tags: ['bells', 'fm', 'trap', 'sfz'], genre: 'Trap',
    productType: 'digital_download', imageCount: 2,
    sound: { style: 'trap', bpm: 136, key: 'F minor', parts: ['drums', 'bass', 'lead', 'chords'], progression: [1, 4, 6, 5] },
    instrument: { sound: 'bell', lowNote: 48, noteSeconds: 2, release: 0.6 },
  }),
]

export const PROCESSORS: ProductDefinition[] = [
  defineProduct({
    slug: 'chamber-hall-reverb-irs',
    name: 'Chamber & Hall Reverb IRs',
    categorySlug: 'processors',
    description:
      'Six stereo impulse responses for any convolution reverb, from a tight vocal booth to a four-second cathedral, each with a natural high-frequency roll-off as it decays. 16-bit/44.1 kHz WAV files with a cheat sheet of suggested pre-delay and EQ per source. Drop them into your DAW\'s convolution reverb and go.',
    priceCents: 1999, createdDaysAgo: 73, downloadLimit: 3,
    featured: true, rating: 4.6, reviewCount: 84, tags: ['reverb', 'impulse response', 'convolution', 'mixing'], genre: 'Mixing',
    productType: 'digital_download', purchaseLimit: '1', imageCount: 3,
    sound: { style: 'cinematic', bpm: 96, key: 'C minor', parts: ['chords', 'lead', 'bass'], progression: [1, 6, 3, 7], leadSound: 'bell', fx: { reverb: 0.85 } },
    processor: 'reverb',
  }),
  defineProduct({
    slug: 'plate-spring-irs',
    name: 'Plate & Spring IRs',
    categorySlug: 'processors',
    description:
      'Five stereo impulse responses modelled on vintage plates and tank springs: bright and dark plates for vocals and snares, plus boingy springs for guitars and dub sends. 16-bit/44.1 kHz WAV, ready for any convolution reverb, with usage notes. The preview sends drums and keys into the plates.',
    priceCents: 1499, createdDaysAgo: 189, downloadLimit: 3,
    rating: 4.3, reviewCount: 36, tags: ['plate', 'spring', 'reverb', 'impulse response'], genre: 'Mixing',
    productType: 'digital_download', imageCount: 2,
    sound: { style: 'boom-bap', bpm: 88, key: 'F minor', parts: ['drums', 'bass', 'chords'], progression: [1, 6, 4, 5], fx: { reverb: 0.6 } },
    processor: 'plate-spring',
  }),
  defineProduct({
    slug: 'tape-echo-presets',
    name: 'Tape Echo Delay Presets',
    categorySlug: 'processors',
    description:
      'Eight tape-echo delay presets (slapback, dotted eighths, ping-pong and dub throws) written as plain parameter sheets you can dial into any delay plugin, plus four stereo echo impulse responses at 120 BPM. Includes a tempo table for re-syncing every preset. The preview throws a synth lead into a dotted-eighth echo.',
    priceCents: 1299, createdDaysAgo: 97, downloadLimit: 3,
    rating: 4.0, reviewCount: 27, tags: ['delay', 'tape echo', 'presets', 'dub'], genre: 'Synthwave',
    productType: 'digital_download', imageCount: 2,
    sound: { style: 'synthwave', bpm: 100, key: 'A minor', parts: ['drums', 'bass', 'lead'], progression: [1, 6, 3, 7], leadSound: 'square', fx: { delay: 0.6 } },
    processor: 'delay',
  }),
  defineProduct({
    slug: 'vintage-cab-irs',
    name: 'Vintage Cab IRs',
    categorySlug: 'processors',
    description:
      'Six speaker-cabinet impulse responses for amp sims and IR loaders: two 4x12 mic positions, a 2x12 ribbon, a 1x12 combo and two bass cabinets. Short mono 16-bit/44.1 kHz WAV files with notes on which pairs blend well. Load them after your amp model for instant, focused tone.',
    priceCents: 1999, originalPriceCents: 2499, createdDaysAgo: 128, downloadLimit: 3,
    rating: 4.4, reviewCount: 52, tags: ['guitar', 'cabinet', 'impulse response', 'amp sim'], genre: 'Rock',
    productType: 'digital_download', imageCount: 2,
    sound: { style: 'boom-bap', bpm: 96, key: 'E minor', parts: ['drums', 'bass', 'lead'], progression: [1, 7, 6, 7], leadSound: 'square', fx: { drive: 0.35 } },
    processor: 'cabinet',
  }),
  defineProduct({
    slug: 'glue-bus-compressor-presets',
    name: 'Glue Bus Compressor Presets',
    categorySlug: 'processors',
    description:
      'Twelve bus-compression settings for drums, mix bus, vocals, bass and parallel crush, as JSON and plain-text parameter sheets that translate to any VCA, opto or FET compressor. Includes a dry drum loop to practise on and a guide to setting attack and release to tempo. Studio licence for two seats.',
    priceCents: 999, createdDaysAgo: 215, downloadLimit: 3,
    rating: 3.9, reviewCount: 31, tags: ['compression', 'mix bus', 'presets', 'mixing'], genre: 'Mixing',
    purchaseLimit: '2', imageCount: 2,
    sound: { style: 'house', bpm: 124, key: 'F minor', parts: ['drums', 'bass', 'chords'], progression: [1, 4, 6, 5], fx: { drive: 0.25 } },
    processor: 'compressor',
  }),
  defineProduct({
    slug: 'tube-saturation-chains',
    name: 'Tube Saturation Chains',
    categorySlug: 'processors',
    isActive: false,
    description:
      'Ten saturation chains (tape, tube, transformer and bit-crush recipes) written as step-by-step settings for stock DAW plugins, with a dry loop to try them on. Currently being reworked for a second edition.',
    priceCents: 1499, createdDaysAgo: 298, downloadLimit: 3,
    rating: 3.6, reviewCount: 14, tags: ['saturation', 'tube', 'tape', 'presets'], genre: 'Mixing',
    imageCount: 2,
    sound: { style: 'lofi', bpm: 84, key: 'D minor', parts: ['drums', 'bass', 'chords'], progression: [1, 4, 7, 3], fx: { drive: 0.45 } },
    processor: 'saturator',
  }),
]

export const TOOLS: ProductDefinition[] = [
  defineProduct({
    slug: 'chord-atlas-midi',
    name: 'Chord Atlas MIDI Library',
    categorySlug: 'tools',
    description:
      'Sixteen everyday chord types (triads, suspensions, sixths, sevenths, ninths, diminished and augmented) in all twelve keys as drag-and-drop MIDI, one file per key with one chord per bar. Comes with a printable chord chart listing the notes of all 192 chords. Licensed for up to three seats.',
    priceCents: 1999, createdDaysAgo: 40, downloadLimit: 5,
    types: ['tools', 'midi'],
    featured: true, rating: 4.8, reviewCount: 241, tags: ['chords', 'midi', 'theory', 'songwriting'],
    purchaseLimit: '3', imageCount: 3,
    sound: { style: 'neo-soul', bpm: 80, key: 'F major', parts: ['chords', 'bass'], progression: [1, 6, 2, 5], chordSize: 4 },
    tool: 'chord-library',
  }),
  defineProduct({
    slug: 'scale-finder-midi',
    name: 'Scale Finder MIDI Library',
    categorySlug: 'tools',
    description:
      'Ten essential scales and modes (major, natural and harmonic minor, the five other church modes and both pentatonics) in all twelve keys as MIDI, one file per scale with a named track for each key. Includes a CSV of every scale\'s notes for quick lookup. Ideal for writing basslines and toplines that stay in key.',
    priceCents: 1499, createdDaysAgo: 160, downloadLimit: 3,
    types: ['tools', 'midi'],
    rating: 4.2, reviewCount: 66, tags: ['scales', 'midi', 'theory', 'modes'],
    imageCount: 2,
    sound: { style: 'ambient', bpm: 90, key: 'A dorian', parts: ['chords', 'arp', 'bass'], progression: [1, 4, 1, 4] },
    tool: 'scale-library',
  }),
  defineProduct({
    slug: 'tempo-delay-charts',
    name: 'Tempo & Delay Calculator Charts',
    categorySlug: 'tools',
    description:
      'Delay and reverb timing charts for every tempo from 60 to 200 BPM: whole to 1/64 notes in straight, dotted and triplet values, in milliseconds and hertz. Delivered as spreadsheet-ready CSV and a printable text table, plus a pre-delay and decay guide. Stop reaching for the calculator mid-mix.',
    priceCents: 499, createdDaysAgo: 250, downloadLimit: 3,
    rating: 4.0, reviewCount: 88, tags: ['tempo', 'delay', 'reference', 'mixing'],
    imageCount: 2,
    sound: { style: 'dnb', bpm: 170, key: 'E minor', parts: ['drums', 'lead'], progression: [1, 6, 3, 7], fx: { delay: 0.45 } },
    tool: 'tempo-chart',
  }),
  defineProduct({
    slug: 'mix-reference-tones',
    name: 'Mix Reference Tones',
    categorySlug: 'tools',
    description:
      'Calibration and test signals for setting up monitors and checking mixes: pink noise at −18 dBFS, a 20 Hz–20 kHz log sweep, 1 kHz and A440 reference tones, a 50 Hz sub check and a stereo polarity test. Seven 16-bit/44.1 kHz WAV files with a step-by-step monitor calibration guide.',
    priceCents: 999, createdDaysAgo: 2, downloadLimit: 3,
    isNew: true, rating: 4.5, reviewCount: 7, tags: ['calibration', 'test tones', 'monitoring', 'mixing'],
    productType: 'digital_download', purchaseLimit: '1', imageCount: 2,
    sound: { style: 'deep-house', bpm: 120, key: 'A minor', parts: ['drums', 'bass', 'chords'], progression: [1, 6, 7, 5] },
    tool: 'reference-tones',
  }),
  defineProduct({
    slug: 'swing-groove-templates',
    name: 'Swing & Groove Templates',
    categorySlug: 'tools',
    description:
      'Six 16th-note swing templates from straight to 70% plus eight genre drum grooves (house, garage, trap, boom bap, drum & bass and more) as GM-mapped MIDI for extracting groove in any DAW. A short guide explains how to apply them as groove templates in Ableton Live, Logic Pro and other DAWs. Licensed for two seats.',
    priceCents: 1299, createdDaysAgo: 132, downloadLimit: 3,
    types: ['tools', 'midi'],
    rating: 4.1, reviewCount: 43, tags: ['groove', 'swing', 'midi', 'drums'],
    purchaseLimit: '2', imageCount: 2,
    sound: { style: 'garage', bpm: 130, key: 'G minor', parts: ['drums', 'bass'], progression: [1, 6, 4, 5] },
    tool: 'groove-templates',
  }),
  defineProduct({
    slug: 'producer-toolkit-site-license',
    name: 'Producer Toolkit (Studio Site License)',
    categorySlug: 'tools',
    description:
      'The studio reference bundle: a note-to-frequency chart for all 128 MIDI notes, a Camelot key-compatibility chart for DJs, the full tempo chart, and diatonic seventh chords in all 24 major and minor keys as MIDI. One purchase covers up to five seats in the same studio. Everything as CSV, TXT and MIDI.',
    priceCents: 4999, originalPriceCents: 7999, createdDaysAgo: 81, downloadLimit: 5,
    rating: 4.6, reviewCount: 29, tags: ['bundle', 'reference', 'midi', 'site license', 'theory'],
    purchaseLimit: '5', imageCount: 2,
    sound: { style: 'house', bpm: 122, key: 'D minor', parts: ['drums', 'bass', 'chords', 'arp'], progression: [1, 6, 3, 7] },
    tool: 'producer-toolkit',
  }),
]
