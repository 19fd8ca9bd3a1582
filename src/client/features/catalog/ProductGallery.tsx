/** The product page's image gallery: the selected image large, with a thumbnail button per image. */
import { useState } from 'react'
import { ProductImage } from '../../components/ProductImage.tsx'

interface ProductGalleryProps {
  images: string[]
  productName: string
}

export function ProductGallery({ images, productName }: ProductGalleryProps) {
  const [selected, setSelected] = useState(0)
  const main = images[Math.min(selected, images.length - 1)] ?? images[0]!
  return (
    <div className="flex flex-col gap-3">
      <div className="aspect-square overflow-hidden rounded-2xl border border-zinc-800 bg-zinc-900">
        <ProductImage
          url={main}
          alt={images.length > 1 ? `${productName}, image ${selected + 1} of ${images.length}` : productName}
          sizes="(min-width: 1280px) 600px, (min-width: 1024px) 50vw, calc(100vw - 2rem)"
          width={1024}
          height={1024}
          eager
          className="size-full object-cover"
        />
      </div>
      {images.length > 1 && (
        <ul className="grid grid-cols-5 gap-2 sm:gap-3">
          {images.map((url, index) => (
            <li key={url}>
              <button
                type="button"
                aria-label={`Show image ${index + 1}`}
                aria-pressed={index === selected}
                onClick={() => setSelected(index)}
                className={`block aspect-square w-full overflow-hidden rounded-lg border-2 transition-colors ${
                  index === selected ? 'border-brand-400' : 'border-zinc-800 opacity-70 hover:border-zinc-600 hover:opacity-100'
                }`}
              >
                <ProductImage url={url} alt="" sizes="(min-width: 1280px) 110px, 20vw" width={320} height={320} className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
