/** What the app shell may use of the wishlist: the heart button on product cards and pages. Anything else here is private. */
export { WishlistButton } from './WishlistButton.tsx'
