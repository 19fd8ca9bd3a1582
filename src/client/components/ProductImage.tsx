/** A product image sized for its slot: srcset from responsiveImage, a `sizes` hint, and the placeholder when it fails to load. */
import { useState, type ImgHTMLAttributes } from 'react'
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

export function ProductImage({ url, alt, sizes, width = 640, height = 640, eager = false, className = '', ...rest }: ProductImageProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null)
  const source = failedUrl === url ? { src: PLACEHOLDER_IMAGE } : responsiveImage(url)
  return (
    <img
      {...rest}
      src={source.src}
      srcSet={source.srcSet}
      sizes={source.srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      onError={() => {
        if (failedUrl !== url && url !== PLACEHOLDER_IMAGE) setFailedUrl(url)
      }}
      className={className}
    />
  )
}
