/** What other features may use of downloads: the "owned, go to your downloads" link shown instead of Add to Cart. Anything else here is private. */
export { OwnedDownloadLink } from './OwnedDownloadLink.tsx'
