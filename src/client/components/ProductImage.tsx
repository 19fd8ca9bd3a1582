/**
 * A product image sized for its slot: srcset from responsiveImage and a `sizes` hint. When a size
 * fails to load (a width not generated yet for an older cover), it falls back to the 640 file
 * alone, then to the placeholder.
 */
import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react'
import { PLACEHOLDER_IMAGE, responsiveImage } from '../../shared/product-view.ts'

interface ProductImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> {
  url: string
  alt: string
  sizes: string
  /** The slot's intrinsic size, so the browser reserves space before the image arrives. */
  width?: number
  height?: number
  eager?: boolean
}

/** How far an image has fallen back: every size, then the 640 file alone, then the placeholder. */
type Fallback = 'sizes' | 'single' | 'placeholder'

export function ProductImage({ url, alt, sizes, width = 640, height = 640, eager = false, className = '', ...rest }: ProductImageProps) {
  const [failure, setFailure] = useState<{ url: string; fallback: Fallback } | null>(null)
  const fallback: Fallback = failure !== null && failure.url === url ? failure.fallback : 'sizes'
  const image = useRef<HTMLImageElement>(null)
  const sized = responsiveImage(url)
  const source = fallback === 'placeholder' ? { src: PLACEHOLDER_IMAGE } : fallback === 'single' ? { src: sized.src } : sized

  const fallBack = () => {
    if (url === PLACEHOLDER_IMAGE || fallback === 'placeholder') return
    setFailure({ url, fallback: fallback === 'sizes' && sized.srcSet ? 'single' : 'placeholder' })
  }
  // An image of a server-rendered page may have failed before the app took the page over, when
  // no error handler was listening yet; later failures arrive through onError.
  useEffect(() => {
    const element = image.current
    if (url === PLACEHOLDER_IMAGE || !element?.complete || element.naturalWidth > 0 || !element.currentSrc) return
    setFailure((current) => (current !== null && current.url === url ? current : { url, fallback: responsiveImage(url).srcSet ? 'single' : 'placeholder' }))
  }, [url])

  return (
    <img
      {...rest}
      ref={image}
      src={source.src}
      srcSet={source.srcSet}
      sizes={source.srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      onError={fallBack}
      className={className}
    />
  )
}
