// @vitest-environment happy-dom
/**
 * The preview player with a stretch engine handed over: the product's preview plays through the
 * engine with the player's state, other previews (cards) keep the shared audio element, and
 * taking the engine back mid-play carries on through the element from the same point.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setPreviewEngine, usePreviewPlayer, type PreviewEngine, type PreviewEngineReport } from './preview-player.ts'

const STRETCHED = '/media/previews/warehouse-techno.wav'
const CARD = '/media/previews/other-pack.wav'

function fakeEngine() {
  const reports: PreviewEngineReport[] = []
  const engine = {
    play: vi.fn((_url: string, _from: number, report: PreviewEngineReport) => {
      reports.push(report)
    }),
    pause: vi.fn(),
    seek: vi.fn(),
  } satisfies PreviewEngine
  return { engine, lastReport: () => reports.at(-1)! }
}

let elementPlay: ReturnType<typeof vi.spyOn>

beforeEach(() => {
  elementPlay = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined)
})

afterEach(() => {
  usePreviewPlayer.getState().stop()
  setPreviewEngine(STRETCHED, null)
  usePreviewPlayer.setState({ currentUrl: null, isPlaying: false, position: 0, duration: 0, error: null })
  vi.restoreAllMocks()
})

describe('preview player with a stretch engine', () => {
  it('plays the product preview through the engine and shows its progress as heard', () => {
    const { engine, lastReport } = fakeEngine()
    setPreviewEngine(STRETCHED, engine)

    usePreviewPlayer.getState().toggle(STRETCHED)
    expect(engine.play).toHaveBeenCalledWith(STRETCHED, 0, expect.anything())
    expect(elementPlay).not.toHaveBeenCalled()
    expect(usePreviewPlayer.getState()).toMatchObject({ currentUrl: STRETCHED, isPlaying: true })

    lastReport().progress(2, 10)
    expect(usePreviewPlayer.getState()).toMatchObject({ position: 2, duration: 10 })

    usePreviewPlayer.getState().seek(0.5)
    expect(engine.seek).toHaveBeenCalledWith(0.5)
    expect(usePreviewPlayer.getState().position).toBe(5)

    usePreviewPlayer.getState().toggle(STRETCHED)
    expect(engine.pause).toHaveBeenCalled()
    expect(usePreviewPlayer.getState().isPlaying).toBe(false)

    usePreviewPlayer.getState().toggle(STRETCHED)
    expect(engine.play).toHaveBeenLastCalledWith(STRETCHED, 0.5, expect.anything())
  })

  it('ignores what an engine reports about a start since replaced', () => {
    const { engine, lastReport } = fakeEngine()
    setPreviewEngine(STRETCHED, engine)
    usePreviewPlayer.getState().toggle(STRETCHED)
    const stale = lastReport()
    usePreviewPlayer.getState().toggle(STRETCHED)

    stale.progress(7, 10)
    stale.failed('late failure')
    expect(usePreviewPlayer.getState()).toMatchObject({ position: 0, error: null })
  })

  it('stops at the end like the plain player', () => {
    const { engine, lastReport } = fakeEngine()
    setPreviewEngine(STRETCHED, engine)
    usePreviewPlayer.getState().toggle(STRETCHED)
    lastReport().progress(9.9, 10)
    lastReport().ended()
    expect(usePreviewPlayer.getState()).toMatchObject({ isPlaying: false, position: 0 })
  })

  it('keeps playing other previews through the shared audio element', () => {
    const { engine } = fakeEngine()
    setPreviewEngine(STRETCHED, engine)
    usePreviewPlayer.getState().toggle(STRETCHED)

    usePreviewPlayer.getState().toggle(CARD)
    expect(engine.pause).toHaveBeenCalled()
    expect(elementPlay).toHaveBeenCalledTimes(1)
    expect(usePreviewPlayer.getState()).toMatchObject({ currentUrl: CARD, position: 0 })
  })

  it('switches engines mid-play from the same point of the recording', () => {
    const first = fakeEngine()
    const second = fakeEngine()
    setPreviewEngine(STRETCHED, first.engine)
    usePreviewPlayer.getState().toggle(STRETCHED)
    first.lastReport().progress(3, 12)

    setPreviewEngine(STRETCHED, second.engine)
    expect(first.engine.pause).toHaveBeenCalled()
    expect(second.engine.play).toHaveBeenCalledWith(STRETCHED, 0.25, expect.anything())

    setPreviewEngine(STRETCHED, null)
    expect(second.engine.pause).toHaveBeenCalled()
    expect(elementPlay).toHaveBeenCalledTimes(1)
  })
})
