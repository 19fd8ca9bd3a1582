// @vitest-environment happy-dom
/** SignupPage: the validation texts, the note on earlier guest orders, and the Check Your Email modal's ways to close. */
import '@testing-library/jest-dom/vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const signUpEmail = vi.fn()
vi.mock('../auth-client.ts', () => ({
  authClient: { signUp: { email: (...args: unknown[]) => signUpEmail(...args) } },
  siteUrl: (path: string) => `http://als.test${path}`,
}))

const { default: SignupPage } = await import('./SignupPage.tsx')

function renderSignup(state?: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/signup', state }]}>
      <Routes>
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/" element={<h1>Home page</h1>} />
        <Route path="/download-hub" element={<h1>Download hub page</h1>} />
      </Routes>
    </MemoryRouter>,
  )
}

function fill(fields: { name?: string; email?: string; password?: string; confirm?: string }) {
  if (fields.name !== undefined) fireEvent.change(screen.getByLabelText('Full name (optional)'), { target: { value: fields.name } })
  if (fields.email !== undefined) fireEvent.change(screen.getByLabelText('Email'), { target: { value: fields.email } })
  if (fields.password !== undefined) fireEvent.change(screen.getByLabelText('Password'), { target: { value: fields.password } })
  if (fields.confirm !== undefined) fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: fields.confirm } })
}

const submitButton = () => screen.getByRole('button', { name: 'Create Account' })
const GUEST_ORDERS_NOTE = 'Bought here before as a guest? Your earlier orders will appear in your account once you confirm this email.'

beforeEach(() => {
  signUpEmail.mockReset()
  signUpEmail.mockResolvedValue({ data: { token: null, user: {} }, error: null })
})

afterEach(cleanup)

describe('SignupPage', () => {
  it('tells a shopper who bought as a guest that those orders join the account once the email is confirmed', () => {
    renderSignup()
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(GUEST_ORDERS_NOTE)
  })
})

describe('SignupPage validation', () => {
  it('keeps Create Account disabled until email, password and confirmation are filled', () => {
    renderSignup()
    expect(submitButton()).toBeDisabled()
    fill({ name: 'Ada', email: 'ada@example.com', password: 'secret1' })
    expect(submitButton()).toBeDisabled()
    fill({ confirm: 'secret1' })
    expect(submitButton()).toBeEnabled()
  })

  it('says "Please fill in all required fields" when the form is submitted without an email', () => {
    renderSignup()
    fill({ password: 'secret1', confirm: 'secret1' })
    // The disabled button blocks clicks; submitting the form directly still meets the rule.
    fireEvent.submit(submitButton().closest('form')!)
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields')
    expect(signUpEmail).not.toHaveBeenCalled()
  })

  it('says "Passwords do not match" when the confirmation differs', () => {
    renderSignup()
    fill({ email: 'ada@example.com', password: 'secret1', confirm: 'secret2' })
    fireEvent.click(submitButton())
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match')
    expect(signUpEmail).not.toHaveBeenCalled()
  })

  it('says "Password must be at least 6 characters long" for a 5-character password', () => {
    renderSignup()
    fill({ email: 'ada@example.com', password: 'abcde', confirm: 'abcde' })
    fireEvent.click(submitButton())
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 6 characters long')
    expect(signUpEmail).not.toHaveBeenCalled()
  })

  it('shows the server message, or "Sign up failed" when there is none', async () => {
    signUpEmail.mockResolvedValueOnce({ data: null, error: { status: 400, message: 'Invalid email', code: 'INVALID_EMAIL' } })
    renderSignup()
    fill({ email: 'ada@example.com', password: 'secret1', confirm: 'secret1' })
    fireEvent.click(submitButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email')

    signUpEmail.mockResolvedValueOnce({ data: null, error: { status: 500, statusText: 'Internal Server Error' } })
    fireEvent.click(submitButton())
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Sign up failed'))
  })
})

describe('Check Your Email modal', () => {
  async function signUp(state?: unknown) {
    renderSignup(state)
    fill({ name: ' Ada Lovelace ', email: ' ada@example.com ', password: 'secret1', confirm: 'secret1' })
    fireEvent.click(submitButton())
    return screen.findByRole('dialog', { name: 'Check Your Email' })
  }

  it('opens after sign-up with the address, sends the trimmed fields, moves focus in and locks scroll', async () => {
    const dialog = await signUp()
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(dialog).toHaveTextContent('ada@example.com')
    expect(dialog).toHaveTextContent(GUEST_ORDERS_NOTE)
    // Focus moves in once the dialog has mounted, which on a busy machine is a moment after it appears.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
    expect(document.body.style.overflow).toBe('hidden')
    expect(signUpEmail).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        password: 'secret1',
        callbackURL: 'http://als.test/email-confirmation?confirmed=true',
      }),
    )
  })

  it('closes on Escape, unlocks scroll and goes home', async () => {
    const dialog = await signUp()
    // The dialog listens for Escape from the effect that moves focus in: on a busy machine that runs a moment after it appears.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
    fireEvent.keyDown(document, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(document.body.style.overflow).toBe('')
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument()
  })

  it('closes on a backdrop click and returns to the page the producer came for', async () => {
    await signUp({ from: { pathname: '/download-hub' } })
    fireEvent.click(screen.getByTestId('modal-backdrop'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Download hub page' })).toBeInTheDocument()
  })

  it('closes with the Close button', async () => {
    await signUp()
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument()
  })

  it('keeps Tab inside the dialog', async () => {
    const dialog = await signUp()
    const focusable = dialog.querySelectorAll<HTMLElement>('a[href], button')
    const last = focusable[focusable.length - 1]!
    last.focus()
    fireEvent.keyDown(document, { key: 'Tab' })
    expect(document.activeElement).toBe(focusable[0])
  })
})
