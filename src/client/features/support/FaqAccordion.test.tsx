// @vitest-environment happy-dom
/** FaqAccordion: answers hidden until asked, one open at a time across groups, a second click closes. */
import '@testing-library/jest-dom/vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FaqAccordion } from './FaqAccordion.tsx'
import { FAQ_GROUPS } from './support-faq.ts'

afterEach(cleanup)

const question = (name: RegExp) => screen.getByRole('button', { name })

describe('FaqAccordion', () => {
  it('shows the three groups with three questions each, all closed', () => {
    render(<FaqAccordion groups={FAQ_GROUPS} />)
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['General', 'Technical', 'Account'])
    const buttons = screen.getAllByRole('button')
    expect(buttons).toHaveLength(9)
    for (const button of buttons) expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
  })

  it('opens one answer at a time, even across groups, and closes it on a second click', () => {
    render(<FaqAccordion groups={FAQ_GROUPS} />)
    fireEvent.click(question(/What formats are the files in/))
    const formats = question(/What formats are the files in/)
    expect(formats).toHaveAttribute('aria-expanded', 'true')
    const panel = document.getElementById(formats.getAttribute('aria-controls')!)
    expect(panel).toBeVisible()
    expect(panel).toHaveTextContent('16-bit/44.1 kHz WAV')
    expect(screen.getAllByRole('region')).toHaveLength(1)

    fireEvent.click(question(/How many times can I download a product/))
    expect(formats).toHaveAttribute('aria-expanded', 'false')
    expect(panel).not.toBeVisible()
    expect(question(/How many times can I download a product/)).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('region')).toHaveTextContent('downloaded 3 times')

    fireEvent.click(question(/How many times can I download a product/))
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
  })
})
