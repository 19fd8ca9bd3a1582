/**
 * The page's one audio preview player. A single HTMLAudioElement is shared, so starting a
 * preview anywhere (card, product page) stops whatever else was playing.
 */
import { create } from 'zustand'

interface PreviewPlayerState {
  /** URL of the loaded preview, or null. */
  currentUrl: string | null
  isPlaying: boolean
  /** Seconds into the current preview and its length, for the waveform's progress. */
  position: number
  duration: number
  error: string | null
  /** Plays the URL, or pauses it when it is the one playing; another URL replaces the current one. */
  toggle: (url: string) => void
  stop: () => void
  seek: (fraction: number) => void
}

let audio: HTMLAudioElement | null = null

function sharedAudio(): HTMLAudioElement {
  if (audio) return audio
  audio = new Audio()
  audio.preload = 'none'
  audio.addEventListener('timeupdate', () => {
    usePreviewPlayer.setState({ position: audio!.currentTime, duration: Number.isFinite(audio!.duration) ? audio!.duration : 0 })
  })
  audio.addEventListener('play', () => usePreviewPlayer.setState({ isPlaying: true, error: null }))
  audio.addEventListener('pause', () => usePreviewPlayer.setState({ isPlaying: false }))
  audio.addEventListener('ended', () => usePreviewPlayer.setState({ isPlaying: false, position: 0 }))
  audio.addEventListener('error', () => usePreviewPlayer.setState({ isPlaying: false, error: 'Could not play this preview' }))
  return audio
}

export const usePreviewPlayer = create<PreviewPlayerState>((set, get) => ({
  currentUrl: null,
  isPlaying: false,
  position: 0,
  duration: 0,
  error: null,
  toggle: (url) => {
    const player = sharedAudio()
    const { currentUrl, isPlaying } = get()
    if (currentUrl === url && isPlaying) {
      player.pause()
      return
    }
    if (currentUrl !== url) {
      player.src = url
      set({ currentUrl: url, position: 0, duration: 0, error: null })
    }
    player.play().catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'AbortError') return
      set({ isPlaying: false, error: 'Could not play this preview' })
    })
  },
  stop: () => {
    audio?.pause()
    set({ isPlaying: false })
  },
  seek: (fraction) => {
    const player = sharedAudio()
    if (Number.isFinite(player.duration) && player.duration > 0) player.currentTime = Math.max(0, Math.min(1, fraction)) * player.duration
  },
}))

/** True when this URL is the preview now playing. */
export function useIsPreviewPlaying(url: string | null | undefined): boolean {
  return usePreviewPlayer((state) => Boolean(url) && state.currentUrl === url && state.isPlaying)
}
