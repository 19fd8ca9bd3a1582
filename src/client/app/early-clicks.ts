/**
 * A tap on a server-rendered page before the app has taken it over reaches only the HTML, which
 * cannot open the cart or the filter sheet: the tap would be lost on a slow phone. Such clicks are
 * held and given again, in the order they came, to the same elements once the app says it is ready:
 * a shopper who taps "+" and then Add to Cart gets two in the cart, not one. If the app is not
 * ready within a few seconds of the last tap (a script failed to load), the held clicks go through
 * as a page without JavaScript would take them, so nothing stays stuck.
 */

/** What the app dispatches on `window` once it has taken the page over. */
export const APP_READY_EVENT = 'als:app-ready'

const HELD_CLICK_LIMIT_MS = 5000
/** A burst longer than this is not a shopper's intent; the oldest taps are dropped. */
const HELD_CLICKS_KEPT = 10

export function holdEarlyClicks(target: Window = window): void {
  const held: HTMLElement[] = []
  let limit: ReturnType<typeof setTimeout> | undefined

  const hold = (event: MouseEvent) => {
    let element = event.target instanceof Element ? event.target : null
    // A click on an icon inside a button is given to the button.
    while (element && !(element instanceof HTMLElement)) element = element.parentElement
    if (!element) return
    event.preventDefault()
    event.stopImmediatePropagation()
    held.push(element as HTMLElement)
    if (held.length > HELD_CLICKS_KEPT) held.shift()
    clearTimeout(limit)
    limit = setTimeout(release, HELD_CLICK_LIMIT_MS)
  }

  function release(): void {
    target.removeEventListener('click', hold, true)
    target.removeEventListener(APP_READY_EVENT, release)
    clearTimeout(limit)
    giveInTurn(held.splice(0))
  }

  /**
   * One click per task: the app commits what a click changed (a quantity) before the next click's
   * handler reads it. A click that took the shopper elsewhere leaves the rest disconnected, and
   * they are dropped.
   */
  function giveInTurn(elements: HTMLElement[]): void {
    const [next, ...rest] = elements
    if (next?.isConnected) next.click()
    if (rest.length > 0) setTimeout(() => giveInTurn(rest), 0)
  }

  target.addEventListener('click', hold, true)
  target.addEventListener(APP_READY_EVENT, release, { once: true })
}
