/**
 * The waveform of a product's audio preview, drawn from the peaks the server computed (no
 * decoding in the browser). The played part is coloured; clicking seeks the current preview
 * or starts this one.
 */
import type { KeyboardEvent, MouseEvent } from 'react'
import { usePreviewPlayer } from '../../preview/preview-player.ts'

interface WaveformProps {
  url: string
  peaks: number[]
  productName: string
  className?: string
  /** `compact` is the lower waveform of the product page's first-screen player. */
  size?: 'regular' | 'compact'
}

const BAR_WIDTH = 2
const BAR_GAP = 1
const HEIGHT = 64
const KEY_STEP = 0.05

/** "1:05" for 65 seconds. */
export function formatSeconds(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

export function Waveform({ url, peaks, productName, className = '', size = 'regular' }: WaveformProps) {
  const isCurrent = usePreviewPlayer((state) => state.currentUrl === url)
  const position = usePreviewPlayer((state) => (state.currentUrl === url ? state.position : 0))
  const duration = usePreviewPlayer((state) => (state.currentUrl === url ? state.duration : 0))
  const toggle = usePreviewPlayer((state) => state.toggle)
  const seek = usePreviewPlayer((state) => state.seek)

  const played = duration > 0 ? Math.min(1, position / duration) : 0
  const width = peaks.length * (BAR_WIDTH + BAR_GAP)

  function seekOrStart(fraction: number) {
    if (isCurrent && duration > 0) seek(fraction)
    else if (!isCurrent) toggle(url)
  }

  function onClick(event: MouseEvent<HTMLDivElement>) {
    const box = event.currentTarget.getBoundingClientRect()
    seekOrStart(box.width > 0 ? (event.clientX - box.left) / box.width : 0)
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = {
      ArrowRight: played + KEY_STEP,
      ArrowUp: played + KEY_STEP,
      ArrowLeft: played - KEY_STEP,
      ArrowDown: played - KEY_STEP,
      Home: 0,
      End: 0.999,
    }
    const target = moves[event.key]
    if (target !== undefined) {
      event.preventDefault()
      if (isCurrent) seek(Math.max(0, Math.min(1, target)))
    } else if ((event.key === 'Enter' || event.key === ' ') && !isCurrent) {
      event.preventDefault()
      toggle(url)
    }
  }

  return (
    <div className={className}>
      <div
        role="slider"
        tabIndex={0}
        aria-label={`Waveform of ${productName} preview`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(played * 100)}
        aria-valuetext={duration > 0 ? `${formatSeconds(position)} of ${formatSeconds(duration)}` : 'Not playing'}
        onClick={onClick}
        onKeyDown={onKeyDown}
        className="group cursor-pointer rounded-md"
      >
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="none"
          className={`block w-full ${size === 'compact' ? 'h-12' : 'h-16'}`}
          aria-hidden="true"
        >
          {peaks.map((peak, index) => {
            const barHeight = Math.max(2, Math.min(1, Math.max(0, peak)) * HEIGHT)
            const isPlayed = (index + 0.5) / peaks.length <= played
            return (
              <rect
                key={index}
                x={index * (BAR_WIDTH + BAR_GAP)}
                y={(HEIGHT - barHeight) / 2}
                width={BAR_WIDTH}
                height={barHeight}
                rx={0.75}
                className={isPlayed ? 'fill-brand-400' : 'fill-zinc-600 group-hover:fill-zinc-500'}
              />
            )
          })}
        </svg>
      </div>
      <div className="mt-1 flex justify-between text-xs text-zinc-400 tabular-nums" aria-hidden="true">
        <span>{formatSeconds(position)}</span>
        <span>{duration > 0 ? formatSeconds(duration) : '--:--'}</span>
      </div>
    </div>
  )
}
