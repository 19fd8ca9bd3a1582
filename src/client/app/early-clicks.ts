/**
 * A tap on a server-rendered page before the app has taken it over reaches only the HTML, which
 * cannot open the cart or the filter sheet: the tap would be lost on a slow phone. Such clicks are
 * held and given again, in the order they came, to the same elements once the app says it is ready:
 * a shopper who taps "+" and then Add to Cart gets two in the cart, not one. A tap whose spot an
 * earlier one covered (Add to Cart tapped twice, the first opening the cart over it) is dropped, as
 * the finger would have met the cart. If the app is not ready within a few seconds of the last tap
 * (a script failed to load), the held clicks go through as a page without JavaScript would take
 * them, so nothing stays stuck.
 */

/** What the app dispatches on `window` once it has taken the page over. */
export const APP_READY_EVENT = 'als:app-ready'

const HELD_CLICK_LIMIT_MS = 5000
/** A burst longer than this is not a shopper's intent; the oldest taps are dropped. */
const HELD_CLICKS_KEPT = 10

interface HeldClick {
  element: HTMLElement
  /** Where the tap was, in the viewport; null for a click without a place (a script's). */
  at: { x: number; y: number } | null
}

export function holdEarlyClicks(target: Window = window): void {
  const held: HeldClick[] = []
  let limit: ReturnType<typeof setTimeout> | undefined

  const hold = (event: MouseEvent) => {
    let element = event.target instanceof Element ? event.target : null
    // A click on an icon inside a button is given to the button.
    while (element && !(element instanceof HTMLElement)) element = element.parentElement
    if (!element) return
    event.preventDefault()
    event.stopImmediatePropagation()
    const placed = event.clientX !== 0 || event.clientY !== 0
    held.push({ element: element as HTMLElement, at: placed ? { x: event.clientX, y: event.clientY } : null })
    if (held.length > HELD_CLICKS_KEPT) held.shift()
    clearTimeout(limit)
    limit = setTimeout(release, HELD_CLICK_LIMIT_MS)
  }

  function release(): void {
    target.removeEventListener('click', hold, true)
    target.removeEventListener(APP_READY_EVENT, release)
    clearTimeout(limit)
    giveInTurn(held.splice(0), true)
  }

  /** Whether the tap would still meet its element: nothing an earlier tap opened lies over that spot. */
  function stillUnderFinger({ element, at }: HeldClick): boolean {
    if (!at) return true
    const top = target.document.elementFromPoint(at.x, at.y)
    return !top || top === element || element.contains(top) || top.contains(element)
  }

  /**
   * One click per task: the app commits what a click changed (a quantity, an open cart) before the
   * next click's handler reads it. A click that took the shopper elsewhere leaves the rest
   * disconnected, and they are dropped.
   */
  function giveInTurn(clicks: HeldClick[], first: boolean): void {
    const [next, ...rest] = clicks
    if (next?.element.isConnected && (first || stillUnderFinger(next))) next.element.click()
    if (rest.length > 0) target.setTimeout(() => giveInTurn(rest, false), 0)
  }

  target.addEventListener('click', hold, true)
  target.addEventListener(APP_READY_EVENT, release, { once: true })
}
