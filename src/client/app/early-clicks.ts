/**
 * A tap on a server-rendered page before the app has taken it over reaches only the HTML, which
 * cannot open the cart or the filter sheet: the tap would be lost on a slow phone. Such a click is
 * held and given again to the same element once the app says it is ready. If the app is not ready
 * within a few seconds (a script failed to load), the held click goes through as a page without
 * JavaScript would take it, so nothing stays stuck.
 */

/** What the app dispatches on `window` once it has taken the page over. */
export const APP_READY_EVENT = 'als:app-ready'

const HELD_CLICK_LIMIT_MS = 5000

export function holdEarlyClicks(target: Window = window): void {
  let held: HTMLElement | null = null
  let limit: ReturnType<typeof setTimeout> | undefined

  const hold = (event: MouseEvent) => {
    let element = event.target instanceof Element ? event.target : null
    // A click on an icon inside a button is given to the button.
    while (element && !(element instanceof HTMLElement)) element = element.parentElement
    if (!element) return
    event.preventDefault()
    event.stopImmediatePropagation()
    held = element as HTMLElement
    clearTimeout(limit)
    limit = setTimeout(release, HELD_CLICK_LIMIT_MS)
  }

  function release(): void {
    target.removeEventListener('click', hold, true)
    clearTimeout(limit)
    const element = held
    held = null
    if (element?.isConnected) element.click()
  }

  target.addEventListener('click', hold, true)
  target.addEventListener(APP_READY_EVENT, release, { once: true })
}
