// @vitest-environment happy-dom
/**
 * The app tells held early taps it is ready only once the page itself is on screen: while the
 * page's code is still loading (its boundary shows the fallback, or on a server-rendered page keeps
 * the server's HTML), a tap given again would reach a button that does not answer yet.
 */
import { lazy, Suspense, type ComponentType } from 'react'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import { PageTakenOver } from './App.tsx'
import { APP_READY_EVENT } from './early-clicks.ts'

const ready = vi.fn()
afterEach(() => {
  cleanup()
  removeEventListener(APP_READY_EVENT, ready)
  ready.mockReset()
})

it("says the app is ready once the page's own code has loaded and the page is rendered, not before", async () => {
  let loaded!: (page: { default: ComponentType }) => void
  const Page = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (loaded = resolve)))
  addEventListener(APP_READY_EVENT, ready)
  render(
    <Suspense fallback={<p>Loading the page</p>}>
      <PageTakenOver>
        <Page />
      </PageTakenOver>
    </Suspense>,
  )
  await screen.findByText('Loading the page')
  expect(ready).not.toHaveBeenCalled()

  await act(async () => loaded({ default: () => <button type="button">Add to Cart</button> }))
  expect(await screen.findByRole('button', { name: 'Add to Cart' })).toBeTruthy()
  expect(ready).toHaveBeenCalledTimes(1)
})
