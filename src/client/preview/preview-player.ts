/**
 * The page's one audio preview player. A single HTMLAudioElement is shared, so starting a
 * preview anywhere (card, product page) stops whatever else was playing.
 *
 * A page may hand the player another engine for one preview (the product page's tempo and key
 * audition plays through Web Audio): that preview then plays through it, with the same state,
 * and switching engines mid-play carries on from the same point of the recording. Below the
 * features: the catalog's play buttons and waveforms play through it, and the audition hands it
 * its engine.
 */
import { create } from 'zustand'

interface PreviewPlayerState {
  /** URL of the loaded preview, or null. */
  currentUrl: string | null
  isPlaying: boolean
  /** Seconds into the current preview and its length as heard, for the waveform's progress. */
  position: number
  duration: number
  error: string | null
  /** Plays the URL, or pauses it when it is the one playing; another URL replaces the current one. */
  toggle: (url: string) => void
  stop: () => void
  seek: (fraction: number) => void
}

/** How an engine tells the player where its preview is (seconds as heard), that it ended, or failed. */
export interface PreviewEngineReport {
  progress(position: number, duration: number): void
  ended(): void
  failed(message: string): void
}

/** Another way to play one preview than the shared audio element. */
export interface PreviewEngine {
  /** Starts `url` at this fraction of the recording and reports until paused or ended. */
  play(url: string, fromFraction: number, report: PreviewEngineReport): void
  pause(): void
  /** Moves the playing preview to this fraction of the recording. */
  seek(fraction: number): void
}

let audio: HTMLAudioElement | null = null
/** The URL the audio element holds. */
let elementUrl: string | null = null
const engines = new Map<string, PreviewEngine>()
/** What the current preview plays through (the element unless an engine was handed over). */
let route: 'element' | PreviewEngine = 'element'
/** Bumped at every start, so an engine's late report about an older start is ignored. */
let playSession = 0

function sharedAudio(): HTMLAudioElement {
  if (audio) return audio
  audio = new Audio()
  audio.preload = 'none'
  // The element reports only while it is the route: a pause for a switch to an engine is not the user's.
  const whenRouted = (update: () => void) => () => {
    if (route === 'element') update()
  }
  audio.addEventListener(
    'timeupdate',
    whenRouted(() => usePreviewPlayer.setState({ position: audio!.currentTime, duration: Number.isFinite(audio!.duration) ? audio!.duration : 0 })),
  )
  audio.addEventListener(
    'play',
    whenRouted(() => usePreviewPlayer.setState({ isPlaying: true, error: null })),
  )
  audio.addEventListener(
    'pause',
    whenRouted(() => usePreviewPlayer.setState({ isPlaying: false })),
  )
  audio.addEventListener(
    'ended',
    whenRouted(() => usePreviewPlayer.setState({ isPlaying: false, position: 0 })),
  )
  audio.addEventListener(
    'error',
    whenRouted(() => usePreviewPlayer.setState({ isPlaying: false, error: 'Could not play this preview' })),
  )
  return audio
}

function playedFraction(): number {
  const { position, duration } = usePreviewPlayer.getState()
  return duration > 0 ? Math.min(1, position / duration) : 0
}

function playThroughElement(url: string, fromFraction: number | null): void {
  route = 'element'
  const player = sharedAudio()
  if (elementUrl !== url) {
    player.src = url
    elementUrl = url
  }
  if (fromFraction !== null) {
    const moveTo = () => {
      player.currentTime = fromFraction * player.duration
    }
    if (Number.isFinite(player.duration) && player.duration > 0) moveTo()
    else if (fromFraction > 0) player.addEventListener('loadedmetadata', moveTo, { once: true })
  }
  player.play().catch((error: unknown) => {
    if (error instanceof DOMException && error.name === 'AbortError') return
    usePreviewPlayer.setState({ isPlaying: false, error: 'Could not play this preview' })
  })
}

function playThroughEngine(engine: PreviewEngine, url: string, fromFraction: number): void {
  route = engine
  audio?.pause()
  const session = playSession
  const current = (update: () => void) => {
    if (session === playSession && route === engine) update()
  }
  usePreviewPlayer.setState({ isPlaying: true, error: null })
  engine.play(url, fromFraction, {
    progress: (position, duration) => current(() => usePreviewPlayer.setState({ position, duration })),
    ended: () => current(() => usePreviewPlayer.setState({ isPlaying: false, position: 0 })),
    failed: (message) => current(() => usePreviewPlayer.setState({ isPlaying: false, error: message })),
  })
}

/**
 * Plays `url` through its engine or the element. `fromFraction` null resumes the element where
 * it paused (the plain player's behaviour); an engine always starts from the stored position.
 */
function startPlayback(url: string, fromFraction: number | null): void {
  playSession += 1
  const engine = engines.get(url)
  if (engine) playThroughEngine(engine, url, fromFraction ?? playedFraction())
  else playThroughElement(url, route === 'element' ? fromFraction : (fromFraction ?? playedFraction()))
}

function pausePlayback(): void {
  playSession += 1
  if (route === 'element') {
    audio?.pause()
    return
  }
  route.pause()
  usePreviewPlayer.setState({ isPlaying: false })
}

export const usePreviewPlayer = create<PreviewPlayerState>((set, get) => ({
  currentUrl: null,
  isPlaying: false,
  position: 0,
  duration: 0,
  error: null,
  toggle: (url) => {
    const { currentUrl, isPlaying } = get()
    if (currentUrl === url && isPlaying) {
      pausePlayback()
      return
    }
    if (currentUrl !== url) {
      if (isPlaying) pausePlayback()
      set({ currentUrl: url, position: 0, duration: 0, error: null })
      startPlayback(url, 0)
      return
    }
    startPlayback(url, null)
  },
  stop: () => {
    pausePlayback()
    set({ isPlaying: false })
  },
  seek: (fraction) => {
    const target = Math.max(0, Math.min(1, fraction))
    if (route !== 'element') {
      const { duration, isPlaying } = get()
      if (isPlaying) route.seek(target)
      set({ position: target * duration })
      return
    }
    const player = sharedAudio()
    if (Number.isFinite(player.duration) && player.duration > 0) player.currentTime = target * player.duration
  },
}))

/**
 * Plays `url` through `engine` from now on (null: through the shared element again). When that
 * preview is playing, it switches at once and carries on from the same point.
 */
export function setPreviewEngine(url: string, engine: PreviewEngine | null): void {
  if ((engines.get(url) ?? null) === engine) return
  if (engine) engines.set(url, engine)
  else engines.delete(url)
  const { currentUrl, isPlaying } = usePreviewPlayer.getState()
  if (currentUrl !== url || !isPlaying) return
  const fraction = playedFraction()
  pausePlayback()
  startPlayback(url, fraction)
}

/** True when this URL is the preview now playing. */
export function useIsPreviewPlaying(url: string | null | undefined): boolean {
  return usePreviewPlayer((state) => Boolean(url) && state.currentUrl === url && state.isPlaying)
}
