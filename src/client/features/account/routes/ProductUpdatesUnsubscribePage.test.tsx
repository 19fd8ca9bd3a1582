// @vitest-environment happy-dom
/** /email-preferences/product-updates/{token}: the page posts the link's token and says update emails are off, or why the link did not work. */
import '@testing-library/jest-dom/vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import ProductUpdatesUnsubscribePage from './ProductUpdatesUnsubscribePage.tsx'

let posts: string[]
let answer: () => Response

beforeEach(() => {
  posts = []
  answer = () => new Response(null, { status: 204 })
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (init.method === 'POST') posts.push(url)
    return answer()
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const openLink = (token: string) =>
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '/email-preferences/product-updates/:token', element: <ProductUpdatesUnsubscribePage /> }], {
        initialEntries: [`/email-preferences/product-updates/${token}`],
      })}
    />,
  )

describe('ProductUpdatesUnsubscribePage', () => {
  it("turns update emails off with the link's token, with no account, and says so", async () => {
    openLink('Z3Vlc3RAZXhhbXBsZS5jb20abcdefghijklmnopqrstuv')
    expect(await screen.findByRole('heading', { name: 'Update emails are off' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent("You won't get emails about new versions of products you bought anymore.")
    expect(screen.getByRole('link', { name: 'Back to the store' })).toHaveAttribute('href', '/')
    expect(new Set(posts)).toEqual(new Set(['/api/email-preferences/product-updates/Z3Vlc3RAZXhhbXBsZS5jb20abcdefghijklmnopqrstuv']))
  })

  it("shows the server's sentence when the link is not valid", async () => {
    const message = 'This unsubscribe link is not valid. If you have an account, turn update emails off in your profile instead.'
    answer = () => Response.json({ error: { message, status: 404, code: 'INVALID_LINK' } }, { status: 404 })
    openLink('forged')
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(screen.queryByRole('heading', { name: 'Update emails are off' })).not.toBeInTheDocument()
  })
})
