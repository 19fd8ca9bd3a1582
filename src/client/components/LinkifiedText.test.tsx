// @vitest-environment happy-dom
/** LinkifiedText: URLs in a mail's text become links, the sentence around them stays text. */
import '@testing-library/jest-dom/vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { LinkifiedText, splitLinks } from './LinkifiedText.tsx'

afterEach(cleanup)

describe('splitLinks', () => {
  it('keeps a sentence full stop out of the link', () => {
    expect(splitLinks('Confirm at http://localhost:3000/api/auth/verify-email?token=a.b.c&callbackURL=x.')).toEqual([
      { kind: 'text', value: 'Confirm at ' },
      { kind: 'link', href: 'http://localhost:3000/api/auth/verify-email?token=a.b.c&callbackURL=x' },
      { kind: 'text', value: '.' },
    ])
  })

  it('leaves text without URLs alone and ignores non-http schemes', () => {
    expect(splitLinks('Write to javascript:alert(1) or ftp://x')).toEqual([{ kind: 'text', value: 'Write to javascript:alert(1) or ftp://x' }])
  })
})

describe('LinkifiedText', () => {
  it('renders each URL as a clickable link in the same tab', () => {
    render(<LinkifiedText text={'Reset: https://als.test/reset/abc\nIgnore this if it was not you.'} />)
    const link = screen.getByRole('link', { name: 'https://als.test/reset/abc' })
    expect(link).toHaveAttribute('href', 'https://als.test/reset/abc')
    expect(link).not.toHaveAttribute('target')
  })
})
