/** What other features may use of the audition: the product page's tempo and key controls and the hook that plays its preview through them. Anything else here is private. */
export { AuditionControls } from './AuditionControls.tsx'
export { useAuditionPlayback } from './use-audition-playback.ts'
