/** The demo catalog's sample packs and MIDI packs. */
import { defineProduct } from './catalog-types.ts'
import type { ProductDefinition } from './catalog-types.ts'

export const SAMPLE_PACKS: ProductDefinition[] = [
  defineProduct({
    slug: 'dusty-keys-vol-1',
    name: 'Dusty Keys Vol. 1',
    categorySlug: 'sample-packs',
    description:
      'A tape-warm lo-fi hip hop construction kit at 90 BPM in A minor: swung dusty drums, a round upright-style bass, felt electric piano chords and a breathy flute topline. Six seamless loops (drums, tops, bass, keys, lead and full mix) as 16-bit/44.1 kHz WAV, royalty-free. Flip the keys, or slide the drums under your own samples.',
    priceCents: 2499, originalPriceCents: 3499, createdDaysAgo: 64, downloadLimit: 3,
    featured: true, rating: 4.7, reviewCount: 128, tags: ['lo-fi', 'hip hop', 'keys', 'chill'], genre: 'Lo-fi Hip Hop',
    productType: 'digital_download', purchaseLimit: '1', imageCount: 3,
    sound: { style: 'lofi', bpm: 90, key: 'A minor', parts: ['drums', 'bass', 'chords', 'lead'], progression: [1, 6, 4, 5] },
  }),
  defineProduct({
    slug: 'midnight-garage',
    name: 'Midnight Garage',
    categorySlug: 'sample-packs',
    description:
      'Shuffled UK garage at 132 BPM in F minor: skippy 2-step drums, a warm sub bass and the classic chopped organ stabs, with a plucked hook on top. Six loops (drums, tops, bass, organ, lead, full mix) in 16-bit/44.1 kHz WAV, tempo- and key-labelled. Ready for late-night 2-step, speed garage and bassline edits.',
    priceCents: 2999, createdDaysAgo: 6, downloadLimit: 3,
    isNew: true, rating: 4.5, reviewCount: 21, tags: ['uk garage', '2-step', 'organ', 'swing'], genre: 'UK Garage',
    productType: 'digital_download', imageCount: 2,
    sound: { style: 'garage', bpm: 132, key: 'F minor', parts: ['drums', 'bass', 'chords', 'lead'], progression: [1, 6, 3, 7] },
  }),
  defineProduct({
    slug: 'neon-drive',
    name: 'Neon Drive',
    categorySlug: 'sample-packs',
    description:
      'Retro synthwave at 104 BPM in E minor: big reverb-washed drums, a pumping octave saw bass, wide detuned supersaw chords and a 16th-note arpeggio. Six loops (drums, tops, bass, pads, arp and full mix) as 16-bit/44.1 kHz WAV. Built for night-drive intros, outrun edits and 80s-inspired pop.',
    priceCents: 3499, originalPriceCents: 4499, createdDaysAgo: 88, downloadLimit: 3,
    featured: true, rating: 4.8, reviewCount: 203, tags: ['synthwave', 'retro', '80s', 'arp', 'supersaw'], genre: 'Synthwave',
    productType: 'digital_download', purchaseLimit: '1', imageCount: 3,
    sound: { style: 'synthwave', bpm: 104, key: 'E minor', parts: ['drums', 'bass', 'chords', 'arp'], progression: [1, 6, 3, 7] },
  }),
  defineProduct({
    slug: 'warehouse-techno',
    name: 'Warehouse Techno',
    categorySlug: 'sample-packs',
    description:
      'Driving peak-time techno at 130 BPM in D phrygian: a heavy four-on-the-floor kick, open hats and rim patterns, a squelchy resonant acid line and a dark saw arp. Five loops (drums, tops, bass, arp, full mix) as 16-bit/44.1 kHz WAV. Loops are cut to the bar for instant DJ tools and live sets.',
    priceCents: 2799, createdDaysAgo: 143, downloadLimit: 3,
    rating: 4.4, reviewCount: 67, tags: ['techno', 'acid', 'warehouse', 'peak time'], genre: 'Techno',
    productType: 'digital_download', imageCount: 2,
    sound: { style: 'techno', bpm: 130, key: 'D phrygian', parts: ['drums', 'bass', 'arp'], progression: [1, 1, 2, 1], fx: { drive: 0.15 } },
  }),
  defineProduct({
    slug: 'trap-soul-sessions',
    name: 'Trap Soul Sessions',
    categorySlug: 'sample-packs',
    description:
      'Moody trap soul at 140 BPM in C# minor: rolling hi-hats, long, driven 808s, glassy bell chords and an FM bell melody. Six loops (drums, tops, 808, bells, lead, full mix) as 16-bit/44.1 kHz WAV. Made for R&B-leaning trap, late-night vocals and melodic rap.',
    priceCents: 3299, createdDaysAgo: 3, downloadLimit: 3,
    isNew: true, featured: true, rating: 4.6, reviewCount: 38, tags: ['trap', 'r&b', '808', 'bells'], genre: 'Trap Soul',
    productType: 'digital_download', imageCount: 3,
    sound: { style: 'trap', bpm: 140, key: 'C# minor', parts: ['drums', 'bass', 'chords', 'lead'], progression: [1, 6, 3, 7] },
  }),
  defineProduct({
    slug: 'liquid-rollers',
    name: 'Liquid Rollers',
    categorySlug: 'sample-packs',
    description:
      'Liquid drum & bass at 174 BPM in G dorian: a crisp two-step break with ghost snares, a detuned reese bass, soft minor-ninth pads and a plucked lead. Six loops (drums, tops, bass, pads, lead, full mix) as 16-bit/44.1 kHz WAV. Smooth enough for liquid, solid enough for rollers.',
    priceCents: 2999, originalPriceCents: 3999, createdDaysAgo: 201, downloadLimit: 3,
    rating: 4.5, reviewCount: 94, tags: ['drum & bass', 'liquid', 'reese', 'pads'], genre: 'Drum & Bass',
    productType: 'digital_download', purchaseLimit: '1', imageCount: 2,
    sound: { style: 'dnb', bpm: 174, key: 'G dorian', parts: ['drums', 'bass', 'chords', 'lead'], progression: [1, 4, 6, 5], chordSize: 5 },
  }),
]

export const MIDI_PACKS: ProductDefinition[] = [
  defineProduct({
    slug: 'neo-soul-progressions',
    name: 'Neo Soul Progressions',
    categorySlug: 'midi-packs',
    description:
      'Lush neo-soul harmony at 82 BPM in Eb major: ninth-chord ii–V–I movements with smooth voice leading, syncopated bass lines and vocal-style melodies. Nine Standard MIDI Files (three chord progressions, two bass lines, two melodies, one drum groove and a full four-track arrangement) that drop onto any keys or bass patch. The preview plays them on an electric piano.',
    priceCents: 1999, createdDaysAgo: 47, downloadLimit: 3,
    featured: true, rating: 4.9, reviewCount: 156, tags: ['neo soul', 'chords', 'ninths', 'r&b'], genre: 'Neo Soul',
    productType: 'digital_download', purchaseLimit: '1', imageCount: 3,
    sound: { style: 'neo-soul', bpm: 82, key: 'Eb major', parts: ['drums', 'bass', 'chords', 'lead'], progression: [2, 5, 1, 6] },
  }),
  defineProduct({
    slug: 'deep-house-chord-stabs',
    name: 'Deep House Chord Stabs',
    categorySlug: 'midi-packs',
    description:
      'Syncopated deep house stabs at 122 BPM in C minor, voiced as minor sevenths the way classic organ and Rhodes house records are. Nine MIDI files: three stab progressions, two bass lines, two melodic hooks, a shuffled drum groove and a full arrangement. Assign them to an organ, a chord-memory synth or a sampler.',
    priceCents: 1499, originalPriceCents: 1999, createdDaysAgo: 110, downloadLimit: 3,
    rating: 4.3, reviewCount: 58, tags: ['deep house', 'stabs', 'organ', 'house'], genre: 'Deep House',
    productType: 'digital_download', imageCount: 2,
    sound: { style: 'deep-house', bpm: 122, key: 'C minor', parts: ['drums', 'bass', 'chords', 'lead'], progression: [1, 7, 6, 7] },
  }),
  defineProduct({
    slug: 'trap-melodies-midi',
    name: 'Trap Melodies MIDI',
    categorySlug: 'midi-packs',
    description:
      'Dark trap melodies at 150 BPM in B harmonic minor, with the raised seventh that gives drill and trap leads their tension. Nine MIDI files: three chord progressions, two 808 lines, two bell melodies, a hi-hat-roll drum pattern and a full arrangement. Load a bell, pluck or flute and start writing.',
    priceCents: 1799, createdDaysAgo: 9, downloadLimit: 3,
    isNew: true, rating: 4.2, reviewCount: 17, tags: ['trap', 'melodies', 'drill', 'dark'], genre: 'Trap',
    productType: 'digital_download', imageCount: 2,
    sound: { style: 'trap', bpm: 150, key: 'B harmonic minor', parts: ['drums', 'bass', 'chords', 'lead'], progression: [1, 6, 4, 5] },
  }),
  defineProduct({
    slug: 'afro-house-grooves-midi',
    name: 'Afro House Grooves MIDI',
    categorySlug: 'midi-packs',
    description:
      'Percussive Afro house at 122 BPM in A minor: conga and rim patterns, syncopated marimba-style chords, rolling bass lines and call-and-response hooks. Nine MIDI files including a GM-mapped percussion groove and a four-track arrangement. Map the drums to any GM kit and the chords to a mallet or pluck.',
    priceCents: 1999, createdDaysAgo: 12, downloadLimit: 3,
    isNew: true, rating: 4.4, reviewCount: 12, tags: ['afro house', 'percussion', 'marimba', 'grooves'], genre: 'Afro House',
    productType: 'digital_download', imageCount: 2,
    sound: { style: 'afro-house', bpm: 122, key: 'A minor', parts: ['drums', 'bass', 'chords', 'lead'], progression: [1, 7, 6, 7] },
  }),
  defineProduct({
    slug: 'cinematic-ostinatos',
    name: 'Cinematic Ostinatos',
    categorySlug: 'midi-packs',
    description:
      'Trailer-style ostinatos at 110 BPM in D minor: driving 16th-note string patterns, sustained low-string chords, sub pulses and a taiko-style tom groove. Nine MIDI files (three chord beds, two bass pulses, two ostinatos, a percussion groove and a full arrangement). Works with any string, brass or synth library.',
    priceCents: 2499, createdDaysAgo: 175, downloadLimit: 3,
    rating: 4.6, reviewCount: 73, tags: ['cinematic', 'ostinato', 'strings', 'trailer'], genre: 'Cinematic',
    productType: 'digital_download', imageCount: 2,
    sound: { style: 'cinematic', bpm: 110, key: 'D minor', parts: ['drums', 'bass', 'chords', 'arp'], progression: [1, 6, 3, 7] },
  }),
  defineProduct({
    slug: 'boom-bap-drum-grooves',
    name: 'Boom Bap Drum Grooves',
    categorySlug: 'midi-packs',
    keyless: true,
    description:
      'Eight swung boom bap drum grooves at 92 BPM, programmed with ghost notes, lazy hats and velocity accents the way MPC beats feel. GM-mapped MIDI (kick 36, snare 38, hats 42/46) so they drive any drum rack or sampler. The preview plays them with a sparse bass and string chords.',
    priceCents: 1299, createdDaysAgo: 236, downloadLimit: 3,
    rating: 4.1, reviewCount: 45, tags: ['boom bap', 'drums', 'hip hop', 'grooves'], genre: 'Boom Bap',
    productType: 'digital_download', imageCount: 2,
    sound: { style: 'boom-bap', bpm: 92, key: 'G minor', parts: ['drums', 'bass', 'chords'], progression: [1, 4, 1, 7] },
  }),
]
