/**
 * Hands the preview player a stretch engine for this product's preview while the session's
 * "My BPM" or "Key shift" changes how it sounds, and takes it back when they stop (or the page
 * goes). Used by the product page, so the stretch holds whichever tab is open.
 */
import { useEffect, useRef } from 'react'
import { setPreviewEngine } from '../../preview/preview-player.ts'
import { useAuditionSettings } from './audition-settings.ts'
import { createStretchEngine, loadStretchPlayback, type StretchEngine } from './stretch-engine.ts'
import { stretchPlan, type AuditionSubject } from './stretch-settings.ts'

export function useAuditionPlayback(product: AuditionSubject & { audioPreview: string | null }): void {
  const restore = useAuditionSettings((state) => state.restore)
  const settings = useAuditionSettings((state) => state.settings)
  const engine = useRef<{ url: string; engine: StretchEngine } | null>(null)
  const url = product.audioPreview
  const plan = stretchPlan(product, settings)
  const rate = plan?.rate ?? null
  const semitones = plan?.semitones ?? 0

  useEffect(() => restore(), [restore])

  useEffect(() => {
    if (!url) return
    if (rate === null && semitones === 0) {
      setPreviewEngine(url, null)
      return
    }
    const next = { rate: rate ?? 1, semitones }
    void loadStretchPlayback().catch(() => undefined)
    if (engine.current?.url === url) engine.current.engine.update(next)
    else engine.current = { url, engine: createStretchEngine(url, next) }
    setPreviewEngine(url, engine.current.engine)
  }, [url, rate, semitones])

  useEffect(() => {
    if (!url) return
    return () => setPreviewEngine(url, null)
  }, [url])
}
