// @vitest-environment happy-dom
/** /email-preferences/cart-reminders/{token}: the page posts the link's token and says reminders are off, or why the link did not work. */
import '@testing-library/jest-dom/vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import CartRemindersUnsubscribePage from './CartRemindersUnsubscribePage.tsx'

let posts: string[]
let answer: () => Response

beforeEach(() => {
  posts = []
  answer = () => Response.json({ data: { cartReminders: false } })
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
      router={createMemoryRouter([{ path: '/email-preferences/cart-reminders/:token', element: <CartRemindersUnsubscribePage /> }], {
        initialEntries: [`/email-preferences/cart-reminders/${token}`],
      })}
    />,
  )

describe('CartRemindersUnsubscribePage', () => {
  it("turns reminders off with the link's token and says so", async () => {
    openLink('dXNlci0x.abcdef')
    expect(await screen.findByRole('heading', { name: 'Cart reminders are off' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent("You won't get cart reminders from us anymore.")
    expect(screen.getByRole('link', { name: 'Your Profile' })).toHaveAttribute('href', '/profile')
    expect(new Set(posts)).toEqual(new Set(['/api/email-preferences/cart-reminders/dXNlci0x.abcdef']))
  })

  it("shows the server's sentence when the link is not valid", async () => {
    const message = 'This unsubscribe link is not valid. Turn cart reminders off in your profile instead.'
    answer = () => Response.json({ error: { message, status: 404, code: 'INVALID_LINK' } }, { status: 404 })
    openLink('forged.token')
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(screen.queryByRole('heading', { name: 'Cart reminders are off' })).not.toBeInTheDocument()
  })
})
