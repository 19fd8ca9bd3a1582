// @vitest-environment happy-dom
/** AuthErrorBoundary: a page that throws shows its message, its two ways out and the details; a new path recovers. */
import '@testing-library/jest-dom/vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AuthErrorBoundary } from './AuthErrorBoundary.tsx'

function Broken(): never {
  throw new Error('Session store unavailable')
}

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('AuthErrorBoundary', () => {
  it('shows the message, Refresh Page, Go Home and the error details', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render(
      <AuthErrorBoundary resetKey="/profile">
        <Broken />
      </AuthErrorBoundary>,
    )
    expect(screen.getByText('Something went wrong with authentication. Please try again.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/')
    expect(screen.getByText('Error details').closest('details')).toHaveTextContent('Session store unavailable')
  })

  it('clears the error when the path changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { rerender } = render(
      <AuthErrorBoundary resetKey="/profile">
        <Broken />
      </AuthErrorBoundary>,
    )
    rerender(
      <AuthErrorBoundary resetKey="/products">
        <p>Products page</p>
      </AuthErrorBoundary>,
    )
    expect(screen.getByText('Products page')).toBeInTheDocument()
    expect(screen.queryByText('Something went wrong with authentication. Please try again.')).not.toBeInTheDocument()
  })
})
