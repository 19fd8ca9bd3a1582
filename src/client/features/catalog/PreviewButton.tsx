/** Play/pause for a product's audio preview through the page's one shared player. */
import { PauseIcon, PlayIcon } from '../../components/Icons.tsx'
import { useIsPreviewPlaying, usePreviewPlayer } from '../../preview/preview-player.ts'

interface PreviewButtonProps {
  url: string
  productName: string
  /**
   * `overlay` is the round button on a card image; `labelled` adds visible text (the Audio Demos
   * tab); `lead` is the large round button at the top of the product page, a toggle whose name
   * stays "Play preview of …" and whose pressed state says it is playing.
   */
  variant?: 'overlay' | 'labelled' | 'lead'
}

export function PreviewButton({ url, productName, variant = 'overlay' }: PreviewButtonProps) {
  const playing = useIsPreviewPlaying(url)
  const toggle = usePreviewPlayer((state) => state.toggle)
  const label = `${playing ? 'Pause' : 'Play'} preview of ${productName}`
  if (variant === 'lead') {
    return (
      <button
        type="button"
        aria-label={`Play preview of ${productName}`}
        aria-pressed={playing}
        onClick={() => toggle(url)}
        className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg ring-1 ring-white/15 transition-colors hover:bg-brand-500 aria-pressed:bg-brand-500"
      >
        {playing ? <PauseIcon className="size-6" /> : <PlayIcon className="size-6 translate-x-0.5" />}
      </button>
    )
  }
  if (variant === 'labelled') {
    return (
      <button type="button" aria-label={label} onClick={() => toggle(url)} className="btn btn-primary min-w-32">
        {playing ? <PauseIcon className="size-4" /> : <PlayIcon className="size-4" />}
        <span aria-hidden="true">{playing ? 'Pause' : 'Play preview'}</span>
      </button>
    )
  }
  return (
    <button
      type="button"
      aria-label={label}
      onClick={() => toggle(url)}
      className={`inline-flex size-9 items-center justify-center rounded-full text-white shadow-lg ring-1 ring-white/15 transition-colors ${
        playing ? 'bg-brand-600 hover:bg-brand-700' : 'bg-zinc-950/75 backdrop-blur hover:bg-brand-600'
      }`}
    >
      {playing ? <PauseIcon className="size-4" /> : <PlayIcon className="size-4 translate-x-px" />}
    </button>
  )
}
