// @vitest-environment happy-dom
/** ProductImage: a cover whose sized file is missing still shows, from the 640 file, then the placeholder. */
import '@testing-library/jest-dom/vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PLACEHOLDER_IMAGE } from '../../shared/product-view.ts'
import { ProductImage } from './ProductImage.tsx'

// happy-dom loads no image: every one counts as complete; its width says whether it arrived.
let loadedWidth = 640
const naturalWidth = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'naturalWidth')
beforeEach(() => {
  loadedWidth = 640
  Object.defineProperty(HTMLImageElement.prototype, 'naturalWidth', { configurable: true, get: () => loadedWidth })
})
afterEach(() => {
  cleanup()
  if (naturalWidth) Object.defineProperty(HTMLImageElement.prototype, 'naturalWidth', naturalWidth)
})

const cover = () => screen.getByRole('img', { name: 'Kit' })

describe('ProductImage', () => {
  it('offers every stored width to the browser', () => {
    render(<ProductImage url="/media/covers/kit-1-640.webp" alt="Kit" sizes="100vw" />)
    expect(cover()).toHaveAttribute('src', '/media/covers/kit-1-640.webp')
    expect(cover().getAttribute('srcset')).toContain('/media/covers/kit-1-768.webp 768w')
  })

  it('falls back to the 640 file when a width fails, then to the placeholder', () => {
    render(<ProductImage url="/media/covers/kit-1-640.webp" alt="Kit" sizes="100vw" />)
    fireEvent.error(cover())
    expect(cover()).toHaveAttribute('src', '/media/covers/kit-1-640.webp')
    expect(cover()).not.toHaveAttribute('srcset')

    fireEvent.error(cover())
    expect(cover()).toHaveAttribute('src', PLACEHOLDER_IMAGE)
  })

  it('falls back for an image that failed before the app took the page over', () => {
    loadedWidth = 0
    render(<ProductImage url="/media/covers/kit-1-640.webp" alt="Kit" sizes="100vw" />)
    expect(cover()).toHaveAttribute('src', '/media/covers/kit-1-640.webp')
    expect(cover()).not.toHaveAttribute('srcset')
  })
})
