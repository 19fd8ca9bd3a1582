/** A complete Product for component tests; override any field per test. */
import type { Product } from '../../../src/shared/contract/catalog.ts'

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 'prod-1',
    name: 'Midnight Drums',
    description: 'Dusty drum breaks and one-shots recorded through vintage tape.',
    priceCents: 2999,
    imageUrl: '/media/products/midnight-drums-640.webp',
    category: { id: 'cat-1', name: 'Sample Packs', slug: 'sample-packs', description: null },
    categoryId: 'cat-1',
    isActive: true,
    fileSize: 157286400,
    downloadLimit: 3,
    paymentProductId: null,
    paymentPriceId: null,
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-02T10:00:00.000Z',
    metadata: {},
    originalPriceCents: null,
    isOnSale: false,
    isNew: false,
    isFeatured: false,
    rating: 4.6,
    reviewCount: 128,
    tags: [],
    images: [],
    audioPreview: null,
    previewPeaks: null,
    bpm: null,
    musicKey: null,
    genre: null,
    types: [],
    ...overrides,
  }
}
