/**
 * Plays a product's preview in another tempo and key through Signalsmith Stretch (WASM in an
 * AudioWorklet), and renders one offline with the same node set-up. Loaded on demand (dynamic
 * import) the first time a producer asks for a stretch, never with a page.
 *
 * The library is one self-contained file that is both the main-thread factory and the worklet
 * module. It is loaded from its own URL for both, so the browser fetches it once, and the worklet
 * reads it from the store's origin: the CSP allows no blob: scripts (it must allow
 * 'wasm-unsafe-eval' for the worklet to compile the WASM).
 */
import type { CreateStretchNode, StretchNode } from 'signalsmith-stretch'
import stretchLibraryUrl from 'signalsmith-stretch?url'
import { stretchedDuration, type StretchPlan } from './stretch-settings.ts'

/** How the playing preview tells the player where it is; seconds as heard (stretched). */
export interface StretchReport {
  progress(position: number, duration: number): void
  ended(): void
  failed(message: string): void
}

/** A worklet that has not answered by then will not (its WASM was refused or failed). */
const NODE_START_TIMEOUT_MS = 10_000
const PROGRESS_INTERVAL_MS = 100
const FAILED_TO_PLAY = 'Could not play this preview in your tempo and key'

let library: Promise<CreateStretchNode> | null = null

function loadLibrary(): Promise<CreateStretchNode> {
  library ??= (import(/* @vite-ignore */ stretchLibraryUrl) as Promise<{ default: CreateStretchNode }>).then(({ default: createStretchNode }) => {
    createStretchNode.moduleUrl = stretchLibraryUrl
    return createStretchNode
  })
  library.catch(() => {
    library = null
  })
  return library
}

/** A Stretch node on this context, connected to its output, or an error when the worklet does not start. */
async function createStretchNode(context: BaseAudioContext): Promise<StretchNode> {
  const createNode = await loadLibrary()
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('The time-stretch worklet did not start')), NODE_START_TIMEOUT_MS)
  })
  try {
    const node = await Promise.race([createNode(context), timeout])
    node.connect(context.destination)
    return node
  } finally {
    clearTimeout(timer)
  }
}

/** One typed array per channel, as the node takes its input. */
function channelsOf(buffer: AudioBuffer): Float32Array[] {
  return Array.from({ length: buffer.numberOfChannels }, (_, channel) => buffer.getChannelData(channel))
}

/**
 * Plays the node's input from `input` seconds at the plan's rate and pitch from context time `at`
 * (past the input's end it plays silence; the player stops it). `outputTime` is the "now" the node
 * drops later changes from; no stop is scheduled ahead, as a change scheduled in the future
 * makes the node skip the ones before it.
 */
async function scheduleStretch(node: StretchNode, plan: StretchPlan, at: number, input: number): Promise<void> {
  await node.schedule({ active: true, output: at, outputTime: at, input, rate: plan.rate, semitones: plan.semitones })
}

/**
 * Renders `source` stretched by `plan` (its length is the stretched duration), offline, with the
 * node and schedule live playback uses. The rendered-audio journey measures its tempo and pitch.
 */
export async function renderStretched(source: AudioBuffer, plan: StretchPlan): Promise<AudioBuffer> {
  const length = Math.round(stretchedDuration(source.duration, plan.rate) * source.sampleRate)
  const context = new OfflineAudioContext(2, length, source.sampleRate)
  const node = await createStretchNode(context)
  await node.addBuffers(channelsOf(source))
  await scheduleStretch(node, plan, 0, 0)
  return context.startRendering()
}

// Live playback: one context and one node for the page, the decoded previews kept per URL.

interface LiveEngine {
  context: AudioContext
  node: Promise<StretchNode>
  /** The preview whose samples the node holds. */
  loadedUrl: string | null
}

interface Playing {
  url: string
  plan: StretchPlan
  report: StretchReport
  /** Length of the recording, in seconds. */
  duration: number
  /** Context time and input position of the last (re)start, to tell where the input is now. */
  anchor: { time: number; input: number }
  timer: ReturnType<typeof setInterval>
}

let engine: LiveEngine | null = null
const decodedPreviews = new Map<string, Promise<AudioBuffer>>()
let playing: Playing | null = null
/** Bumped by every play and pause, so a play still loading when paused never starts. */
let generation = 0

function liveEngine(): LiveEngine {
  if (engine) return engine
  const context = new AudioContext()
  const node = createStretchNode(context)
  engine = { context, node, loadedUrl: null }
  node.catch(() => {
    engine = null
    void context.close()
  })
  return engine
}

function decodePreview(context: AudioContext, url: string): Promise<AudioBuffer> {
  let decoded = decodedPreviews.get(url)
  if (!decoded) {
    decoded = fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`Preview answered ${response.status}`)
        return response.arrayBuffer()
      })
      .then((bytes) => context.decodeAudioData(bytes))
    decodedPreviews.set(url, decoded)
    decoded.catch(() => decodedPreviews.delete(url))
  }
  return decoded
}

function inputNow(current: Playing, context: AudioContext): number {
  return current.anchor.input + Math.max(0, context.currentTime - current.anchor.time) * current.plan.rate
}

function reportProgress(current: Playing, context: AudioContext): void {
  const input = inputNow(current, context)
  if (input >= current.duration) {
    finish(current, true)
    current.report.ended()
    return
  }
  current.report.progress(stretchedDuration(input, current.plan.rate), stretchedDuration(current.duration, current.plan.rate))
}

/**
 * Stops the timer and silences the node; with `sleep`, the context is suspended too (no stretching
 * of silence) unless another play has started since.
 */
function finish(current: Playing, sleep: boolean): void {
  clearInterval(current.timer)
  if (playing === current) playing = null
  const live = engine
  if (!live) return
  const finishedAt = generation
  void live.node
    .then((node) => node.schedule({ active: false, output: live.context.currentTime, outputTime: live.context.currentTime }))
    .then(() => (sleep && finishedAt === generation ? live.context.suspend() : undefined))
    .catch(() => undefined)
}

/** Plays `url` from this fraction of it, stretched by `plan`; progress, end and failure go to `report`. */
export async function playStretched(url: string, fromFraction: number, plan: StretchPlan, report: StretchReport): Promise<void> {
  const mine = ++generation
  if (playing) finish(playing, false)
  try {
    const live = liveEngine()
    const resumed = live.context.resume()
    const [node, buffer] = await Promise.all([live.node, decodePreview(live.context, url)])
    await resumed
    if (mine !== generation) return
    if (live.loadedUrl !== url) {
      live.loadedUrl = null
      await node.dropBuffers()
      await node.addBuffers(channelsOf(buffer))
      live.loadedUrl = url
    }
    if (mine !== generation) return
    const input = Math.min(Math.max(0, fromFraction), 1) * buffer.duration
    const at = live.context.currentTime
    await scheduleStretch(node, plan, at, input)
    const current: Playing = {
      url,
      plan,
      report,
      duration: buffer.duration,
      anchor: { time: at, input },
      timer: setInterval(() => reportProgress(current, live.context), PROGRESS_INTERVAL_MS),
    }
    playing = current
    reportProgress(current, live.context)
  } catch {
    if (mine === generation) report.failed(FAILED_TO_PLAY)
  }
}

export function pauseStretched(): void {
  generation += 1
  if (playing) finish(playing, true)
}

/** Restarts the playing preview from `input` seconds with its plan (after a seek or a new plan). */
function restart(current: Playing, input: number): void {
  const live = engine
  if (!live) return
  const at = live.context.currentTime
  current.anchor = { time: at, input }
  void live.node.then((node) => scheduleStretch(node, current.plan, at, input)).catch(() => current.report.failed(FAILED_TO_PLAY))
  reportProgress(current, live.context)
}

/** Moves the playing preview to this fraction of the recording. */
export function seekStretched(fraction: number): void {
  if (playing) restart(playing, Math.min(Math.max(0, fraction), 1) * playing.duration)
}

/** A new tempo or key for `url`, heard at once when it is the one playing. */
export function updateStretch(url: string, plan: StretchPlan): void {
  const current = playing
  if (!current || current.url !== url || !engine) return
  const input = inputNow(current, engine.context)
  current.plan = plan
  restart(current, input)
}
