// @vitest-environment happy-dom
/** LoginPage: disabled until both fields, the unconfirmed-email text, and the way back to the requested page. */
import '@testing-library/jest-dom/vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AuthSession } from '../use-session.ts'

const signInEmail = vi.fn()
const session: AuthSession = { user: null, isLoading: false, refetch: vi.fn(async () => undefined) }

vi.mock('../auth-client.ts', () => ({
  authClient: { signIn: { email: (...args: unknown[]) => signInEmail(...args) } },
}))
vi.mock('../use-session.ts', () => ({ useSession: () => session }))

const { default: LoginPage } = await import('./LoginPage.tsx')

function renderLogin(state?: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/login', state }]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/profile" element={<h1>Profile page</h1>} />
        <Route path="/order-history" element={<h1>Order history page</h1>} />
      </Routes>
    </MemoryRouter>,
  )
}

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } })
}

const signInButton = () => screen.getByRole('button', { name: /^Sign(ing)? [Ii]n/ })

beforeEach(() => {
  signInEmail.mockReset()
  session.user = null
  session.isLoading = false
})

afterEach(cleanup)

describe('LoginPage', () => {
  it('keeps Sign In disabled while either field is empty', () => {
    renderLogin()
    expect(signInButton()).toBeDisabled()
    fill('ada@example.com', '')
    expect(signInButton()).toBeDisabled()
    fill('', 'secret1')
    expect(signInButton()).toBeDisabled()
    fill('ada@example.com', 'secret1')
    expect(signInButton()).toBeEnabled()
  })

  it('says "Signing in..." while working, then explains an unconfirmed email', async () => {
    let answer: (value: unknown) => void = () => undefined
    signInEmail.mockReturnValue(new Promise((resolve) => (answer = resolve)))
    renderLogin()
    fill('ada@example.com', 'secret1')
    fireEvent.click(signInButton())
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled()
    answer({ data: null, error: { status: 403, code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' } })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please confirm your email address before signing in. Check your inbox for the confirmation link.',
    )
    expect(signInButton()).toHaveTextContent('Sign In')
  })

  it('falls back to "Sign in failed" when the server gives no reason', async () => {
    signInEmail.mockResolvedValue({ data: null, error: { status: 502, statusText: 'Bad Gateway' } })
    renderLogin()
    fill('ada@example.com', 'secret1')
    fireEvent.click(signInButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign in failed')
  })

  it('goes back to the page the guard interrupted after signing in', async () => {
    signInEmail.mockResolvedValue({ data: { token: 't', user: {} }, error: null })
    renderLogin({ from: { pathname: '/order-history', search: '', hash: '' } })
    fill('ada@example.com', 'secret1')
    fireEvent.click(signInButton())
    expect(await screen.findByRole('heading', { name: 'Order history page' })).toBeInTheDocument()
    expect(session.refetch).toHaveBeenCalled()
  })

  it('sends an already signed-in producer on to /profile', async () => {
    session.user = { id: 'u1', email: 'ada@example.com', name: 'Ada', emailVerified: true, twoFactorEnabled: false, createdAt: new Date() }
    renderLogin()
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeInTheDocument()
  })
})
