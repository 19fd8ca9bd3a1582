/** What the app shell may use of the audition: the product page's tempo and key controls, the line saying what its preview plays, and the hook that plays the preview through them. Anything else here is private. */
export { AuditionControls } from './AuditionControls.tsx'
export { AuditionSummary } from './AuditionSummary.tsx'
export { useAuditionPlayback } from './use-audition-playback.ts'
