/**
 * The preview player's engine for one product's stretched preview: a light stand-in that loads
 * the Signalsmith Stretch playback (stretch-playback.ts, its own chunk) on first use and
 * forwards to it. Only the product page creates one, and only once a stretch is asked for.
 */
import type { PreviewEngine } from '../../preview/preview-player.ts'
import type { StretchPlan } from './stretch-settings.ts'

type StretchPlayback = typeof import('./stretch-playback.ts')

let playback: Promise<StretchPlayback> | null = null

/** Starts loading the stretch playback (and, on play, its library and worklet); once per page. */
export function loadStretchPlayback(): Promise<StretchPlayback> {
  playback ??= import('./stretch-playback.ts')
  playback.catch(() => {
    playback = null
  })
  return playback
}

export interface StretchEngine extends PreviewEngine {
  /** A new tempo or key, heard at once when this preview is playing. */
  update(plan: StretchPlan): void
}

export function createStretchEngine(url: string, initialPlan: StretchPlan): StretchEngine {
  let plan = initialPlan
  return {
    play: (playUrl, fromFraction, report) => {
      loadStretchPlayback().then(
        (module) => module.playStretched(playUrl, fromFraction, plan, report),
        () => report.failed('Could not load the tempo and key player'),
      )
    },
    pause: () => {
      void loadStretchPlayback().then((module) => module.pauseStretched())
    },
    seek: (fraction) => {
      void loadStretchPlayback().then((module) => module.seekStretched(fraction))
    },
    update: (next) => {
      plan = next
      void playback?.then((module) => module.updateStretch(url, next))
    },
  }
}
