/**
 * What the app shell may use of downloads: the "owned, go to your downloads" link shown instead
 * of Add to Cart, and the list of bought items (cards with their Download buttons and licence
 * keys) with the action behind it: a private order link's items are listed as the hub does.
 * Anything else here is private.
 */
export { OwnedDownloadLink } from './OwnedDownloadLink.tsx'
export { PurchaseList } from './PurchaseList.tsx'
export { useDownloadAction } from './use-download-action.ts'
