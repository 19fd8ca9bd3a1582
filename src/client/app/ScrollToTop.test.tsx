// @vitest-environment happy-dom
/**
 * The app keeps the scroll of the page the browser loaded (a shopper may have scrolled the
 * server's page before the app took it over) and starts every later page at the top.
 */
import { act, cleanup, render } from '@testing-library/react'
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router'
import { afterEach, expect, it, vi } from 'vitest'
import { ScrollToTop } from './Layout.tsx'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

it('leaves the landing page where the shopper scrolled it, and scrolls the next page to the top', () => {
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
  let navigate!: NavigateFunction
  function Navigator() {
    navigate = useNavigate()
    return null
  }
  render(
    <MemoryRouter initialEntries={[window.location.pathname]}>
      <ScrollToTop />
      <Navigator />
    </MemoryRouter>,
  )
  expect(scrollTo).not.toHaveBeenCalled()

  act(() => void navigate('/products/some-pack'))
  expect(scrollTo).toHaveBeenCalledTimes(1)
  expect(scrollTo).toHaveBeenCalledWith(0, 0)

  act(() => void navigate(-1))
  expect(scrollTo).toHaveBeenCalledTimes(2)
})
