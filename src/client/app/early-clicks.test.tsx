// @vitest-environment happy-dom
/**
 * A tap before the app has taken the page over is held, then given to the same element once the
 * app is ready (a tap on a button's icon reaches the button); several taps are given in their
 * order, each after the app has taken in the one before; if the app never says so, the taps go
 * through after a few seconds as they would on a page without JavaScript.
 */
import { useState } from 'react'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { APP_READY_EVENT, holdEarlyClicks } from './early-clicks.ts'

afterEach(() => {
  cleanup()
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

function QuantityAndAdd({ onAdd }: { onAdd: (quantity: number) => void }) {
  const [quantity, setQuantity] = useState(1)
  return (
    <>
      <button type="button" onClick={() => setQuantity((value) => value + 1)}>
        Increase quantity
      </button>
      <button type="button" onClick={() => onAdd(quantity)}>
        Add to Cart
      </button>
    </>
  )
}

describe('holdEarlyClicks with the app', () => {
  it('gives "+" then Add to Cart, both tapped early, in order: two go into the cart', async () => {
    const added = vi.fn()
    render(<QuantityAndAdd onAdd={added} />)
    holdEarlyClicks(window)
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }))
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }))
    expect(added).not.toHaveBeenCalled()

    act(() => void dispatchEvent(new Event(APP_READY_EVENT)))
    await waitFor(() => expect(added).toHaveBeenCalledTimes(1))
    expect(added).toHaveBeenCalledWith(2)
  })

  it('drops the taps after one that took the shopper elsewhere', async () => {
    const { button, opened } = cartButton()
    holdEarlyClicks(window)
    const link = document.createElement('a')
    link.href = '#elsewhere'
    link.addEventListener('click', () => button.remove())
    document.body.prepend(link)
    link.click()
    button.click()
    dispatchEvent(new Event(APP_READY_EVENT))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(opened).not.toHaveBeenCalled()
  })
})
