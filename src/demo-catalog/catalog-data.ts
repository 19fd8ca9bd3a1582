/** The demo catalog's definitions: five categories and thirty products with their sound recipes. */
import { INSTRUMENTS, PROCESSORS, TOOLS } from './catalog-gear-products.ts'
import { MIDI_PACKS, SAMPLE_PACKS } from './catalog-music-products.ts'
import type { CategoryDefinition, ProductDefinition } from './catalog-types.ts'

export type { CategoryDefinition, ProductDefinition } from './catalog-types.ts'

export const DEMO_CATEGORIES: CategoryDefinition[] = [
  {
    name: 'Sample Packs',
    slug: 'sample-packs',
    description: 'Royalty-free loops and construction kits, labelled by tempo and key, ready to drop into any DAW.',
  },
  { name: 'MIDI Packs', slug: 'midi-packs', description: 'Chord progressions, bass lines, melodies and drum grooves as MIDI you can play on any sound.' },
  { name: 'Instruments', slug: 'instruments', description: 'Multisampled instruments with SFZ mappings for keys, basses, pads, plucks and bells.' },
  { name: 'Processors', slug: 'processors', description: 'Impulse responses and preset banks that shape your mix: reverbs, echoes, cabinets and dynamics.' },
  { name: 'Tools', slug: 'tools', description: 'Reference charts, test signals and MIDI theory libraries that speed up everyday production.' },
]

export const DEMO_PRODUCTS: ProductDefinition[] = [...SAMPLE_PACKS, ...MIDI_PACKS, ...INSTRUMENTS, ...PROCESSORS, ...TOOLS]
