/**
 * The line beside the product page's first-screen player saying what the preview plays, in the
 * words of the Audio Demos tab's audition: "As recorded: 130 BPM · D minor", or "130 → 90 BPM ·
 * D minor" once the session's My BPM stretches it. Nothing for a product with no tempo or key.
 */
import { musicKeyById } from '../../../shared/music-keys.ts'
import { useAuditionSettings } from './audition-settings.ts'
import { describeAudition, type AuditionSubject } from './stretch-settings.ts'

export function AuditionSummary({ product }: { product: AuditionSubject }) {
  const settings = useAuditionSettings((state) => state.settings)
  const hasKey = product.musicKey !== null && musicKeyById(product.musicKey) !== null
  if (product.bpm === null && !hasKey) return null
  return <p className="text-sm text-zinc-300 tabular-nums">{describeAudition(product, settings)}</p>
}
