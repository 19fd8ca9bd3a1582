/** What the app shell may use of the store's content: the coming-soon landing (a category page shows it while the store is not live). Anything else here is private. */
export { ComingSoon } from './ComingSoon.tsx'
