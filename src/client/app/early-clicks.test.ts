// @vitest-environment happy-dom
/**
 * A tap before the app has taken the page over is held, then given to the same element once the
 * app is ready (a tap on a button's icon reaches the button); if the app never says so, the tap
 * goes through after a few seconds as it would on a page without JavaScript.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { APP_READY_EVENT, holdEarlyClicks } from './early-clicks.ts'

afterEach(() => {
  document.body.innerHTML = ''
  vi.useRealTimers()
})

function cartButton() {
  document.body.innerHTML = '<button type="button" aria-label="Cart"><svg><path></path></svg></button>'
  const button = document.querySelector('button')!
  const opened = vi.fn()
  button.addEventListener('click', opened)
  return { button, icon: document.querySelector('path')!, opened }
}

describe('holdEarlyClicks', () => {
  it('holds a tap on an icon until the app is ready, then gives it to its button once', () => {
    const { icon, opened } = cartButton()
    holdEarlyClicks(window)
    icon.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))
    expect(opened).not.toHaveBeenCalled()
    dispatchEvent(new Event(APP_READY_EVENT))
    expect(opened).toHaveBeenCalledTimes(1)
    // Once the app is ready, taps go straight through.
    icon.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))
    expect(opened).toHaveBeenCalledTimes(2)
  })

  it('lets a held tap through after five seconds when the app never becomes ready', () => {
    vi.useFakeTimers()
    const { button, opened } = cartButton()
    holdEarlyClicks(window)
    button.click()
    vi.advanceTimersByTime(4_999)
    expect(opened).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(opened).toHaveBeenCalledTimes(1)
    button.click()
    expect(opened).toHaveBeenCalledTimes(2)
  })
})
