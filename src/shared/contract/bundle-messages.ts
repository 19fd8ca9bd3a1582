/** The bundle texts the storefront shows, free of the schemas so product pages load without zod; bundles.ts re-exports them. */

/** More would make a page nobody scrolls and a checkout that writes hundreds of items. */
export const MAX_BUNDLE_ITEMS = 50

export const BUNDLE_MESSAGES = {
  itself: 'A bundle cannot hold itself',
  unknownProduct: 'Choose products of the store: one of them does not exist',
  duplicate: 'Each product can be in the bundle once',
  tooMany: `A bundle holds at most ${MAX_BUNDLE_ITEMS} products`,
  nested: (name: string) => `${name} is a bundle itself: a bundle cannot hold another bundle`,
  heldByBundle: (bundle: string) => `This product is in the bundle ${bundle}: a product inside a bundle cannot be a bundle itself`,
  floorAbovePrice: (price: string) => `The floor must not be above the bundle's price (${price})`,
  notABundle: 'This product is not a bundle',
  activeWithoutFile: 'This bundle is on sale without a file of its own: archive it, or add its file, before you empty it',
  fetchItems: 'Failed to load what the bundle holds',
  fetchOffer: 'Failed to load your price for the bundle',
  saveFailed: 'Failed to save the bundle',
} as const
