/**
 * What other features may use of downloads: the "owned, go to your downloads" link shown instead
 * of Add to Cart, and a bought item's card with its Download button and the action behind it
 * (a private order page lists its items as the hub does), and the notice that their licence keys
 * could not be loaded. Anything else here is private.
 */
export { LicenceKeysLoadFailed } from './LicenceKeysLoadFailed.tsx'
export { OwnedDownloadLink } from './OwnedDownloadLink.tsx'
export { PurchaseCard } from './PurchaseCard.tsx'
export { useDownloadAction } from './use-download-action.ts'
