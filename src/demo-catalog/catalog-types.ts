/** Shapes of the demo catalog's definitions, and the one place their metadata is assembled. */
import type { SoundType } from '../shared/contract/catalog-filters.ts'
import { DEMO_RATING_FLAG } from '../shared/product-rating.ts'
import type { ProductMetadata } from '../shared/product-view.ts'
import type { VoiceSound } from './audio-voices.ts'
import type { SoundRecipe } from './composition.ts'

export type CategorySlug = 'sample-packs' | 'midi-packs' | 'instruments' | 'processors' | 'tools'
export type ProcessorKind = 'reverb' | 'plate-spring' | 'delay' | 'cabinet' | 'compressor' | 'saturator'
export type ToolKind = 'chord-library' | 'scale-library' | 'tempo-chart' | 'reference-tones' | 'groove-templates' | 'producer-toolkit'

export interface CategoryDefinition {
  name: string
  slug: CategorySlug
  description: string
}

/** A multisampled instrument: one sample every third semitone from `lowNote` over three octaves. */
export interface InstrumentSpec {
  sound: VoiceSound
  lowNote: number
  noteSeconds: number
  /** SFZ amplitude release, seconds. */
  release: number
  /** One voice at a time, like a mono synth. */
  mono?: boolean
}

/** What a product definition states; metadata is built from it by defineProduct. */
export interface ProductInput {
  slug: string
  name: string
  description: string
  categorySlug: CategorySlug
  priceCents: number
  /** Pre-sale price; present only on products that are on sale (metadata.originalPrice). */
  originalPriceCents?: number
  createdDaysAgo: number
  isActive?: boolean
  downloadLimit: number
  isNew?: boolean
  featured?: boolean
  rating: number
  reviewCount: number
  tags: string[]
  genre?: string
  /** Sound types beyond the category's usual one (a MIDI tool is also MIDI). */
  types?: SoundType[]
  /** Drum-only material has a tempo but no key. */
  keyless?: boolean
  productType?: 'digital_download'
  purchaseLimit?: '1' | '2' | '3' | '5'
  imageCount: 2 | 3
  sound: SoundRecipe
  instrument?: InstrumentSpec
  processor?: ProcessorKind
  tool?: ToolKind
}

export interface ProductDefinition {
  slug: string
  name: string
  description: string
  categorySlug: CategorySlug
  priceCents: number
  createdDaysAgo: number
  isActive: boolean
  downloadLimit: number
  /** Everything except audioPreview and images, which exist only after generation. */
  metadata: ProductMetadata
  imageCount: 2 | 3
  sound: SoundRecipe
  instrument?: InstrumentSpec
  processor?: ProcessorKind
  tool?: ToolKind
}

/** What each demo category holds, as the store's type filter names it. */
const CATEGORY_TYPES: Record<CategorySlug, SoundType[]> = {
  'sample-packs': ['loops'],
  'midi-packs': ['midi'],
  instruments: ['instruments'],
  processors: ['presets'],
  tools: ['tools'],
}

/** Loops and MIDI carry their tempo and key in metadata, the way producers filter for them. */
const MUSICAL_CATEGORIES: ReadonlySet<CategorySlug> = new Set(['sample-packs', 'midi-packs'])

export function defineProduct(input: ProductInput): ProductDefinition {
  const onSale = input.originalPriceCents !== undefined
  const metadata: ProductMetadata = {
    ...(onSale ? { originalPrice: input.originalPriceCents } : {}),
    isOnSale: onSale,
    isNew: input.isNew ?? false,
    featured: input.featured ?? false,
    rating: input.rating,
    reviewCount: input.reviewCount,
    // Invented figures: the storefront labels them "Demo rating" and never offers them to search engines as real reviews.
    [DEMO_RATING_FLAG]: true,
    tags: input.tags,
    ...(input.productType ? { product_type: input.productType } : {}),
    ...(input.purchaseLimit ? { purchase_limit: input.purchaseLimit } : {}),
    ...(MUSICAL_CATEGORIES.has(input.categorySlug) ? { bpm: input.sound.bpm } : {}),
    ...(MUSICAL_CATEGORIES.has(input.categorySlug) && !input.keyless ? { key: input.sound.key } : {}),
    ...(input.genre ? { genre: input.genre } : {}),
    types: input.types ?? CATEGORY_TYPES[input.categorySlug],
  }
  return {
    slug: input.slug,
    name: input.name,
    description: input.description,
    categorySlug: input.categorySlug,
    priceCents: input.priceCents,
    createdDaysAgo: input.createdDaysAgo,
    isActive: input.isActive ?? true,
    downloadLimit: input.downloadLimit,
    metadata,
    imageCount: input.imageCount,
    sound: input.sound,
    ...(input.instrument ? { instrument: input.instrument } : {}),
    ...(input.processor ? { processor: input.processor } : {}),
    ...(input.tool ? { tool: input.tool } : {}),
  }
}
