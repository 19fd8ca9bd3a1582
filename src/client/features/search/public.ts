/** What the app shell may use of search: the search box and its icon (the header's phone-width search button). Anything else here is private. */
export { SearchBox } from './SearchBox.tsx'
export { SearchIcon } from './SearchIcon.tsx'
