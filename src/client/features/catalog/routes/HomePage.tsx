/** The store home in live mode: hero, featured products, category tiles and new arrivals. */
import { Link } from 'react-router'
import type { ProductListItem } from '../../../../shared/contract/catalog.ts'
import { useStoreSettings } from '../../../api/get-store-settings.ts'
import { useProduct } from '../api/get-product.ts'
import { useProducts } from '../api/get-products.ts'
import { CategoryTiles } from '../CategoryTiles.tsx'
import { homeRows, HOME_PRODUCT_COUNT } from '../page-sizes.ts'
import { PreviewButton } from '../PreviewButton.tsx'
import { PHONE_CARD_SIZES, ProductCard } from '../ProductCard.tsx'
import { ProductCardSkeleton } from '../ProductCardSkeleton.tsx'
import { ProductsError } from '../ProductGrid.tsx'
import { Waveform } from '../Waveform.tsx'

export default function HomePage() {
  const latest = useProducts({ limit: HOME_PRODUCT_COUNT })
  const { featured, newArrivals, heroProductId, rowSize } = homeRows(latest.data?.data)
  const storeName = useStoreSettings()?.storeName

  return (
    <>
      <title>{storeName ? `${storeName} | Sample packs, MIDI and tools for producers` : 'Sample packs, MIDI and tools for producers'}</title>
      <section className="relative isolate overflow-hidden border-b border-zinc-900">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-32 left-1/2 -z-10 h-[30rem] w-[60rem] -translate-x-1/2 rounded-full bg-brand-700/20 blur-3xl"
        />
        <div className="container-page grid items-center gap-12 py-20 sm:py-28 lg:grid-cols-[3fr_2fr]">
          <div>
            <p className="text-sm font-semibold tracking-widest text-brand-300 uppercase">{storeName}</p>
            <h1 className="mt-4 max-w-3xl text-4xl font-extrabold tracking-tight text-balance text-white sm:text-6xl">Sounds that finish tracks.</h1>
            <p className="mt-6 max-w-xl text-lg text-pretty text-zinc-300">
              Sample packs, MIDI, instruments, processors and tools made by producers for producers. Royalty-free and ready to download.
            </p>
            <div className="mt-10 flex flex-wrap gap-3">
              <Link to="/products" className="btn btn-primary px-6 py-3 text-base">
                Browse Products
              </Link>
            </div>
          </div>
          <HeroPreview productId={heroProductId} />
        </div>
      </section>

      <div className="container-page flex flex-col gap-16 py-14">
        {latest.isError ? (
          <ProductsError error={latest.error} />
        ) : (
          (latest.isPending || (featured && featured.length > 0)) && <ProductRow title="Featured" products={featured} rowSize={rowSize} variant="featured" />
        )}

        <section aria-labelledby="categories-heading">
          <h2 id="categories-heading" className="mb-6 text-2xl font-bold tracking-tight text-white">
            Shop by Category
          </h2>
          <CategoryTiles />
        </section>

        {!latest.isError && (latest.isPending || (newArrivals && newArrivals.length > 0)) && (
          <ProductRow title="New Arrivals" products={newArrivals} rowSize={rowSize} link={{ to: '/products', label: 'View all products' }} />
        )}
      </div>
    </>
  )
}

interface ProductRowProps {
  title: string
  products: ProductListItem[] | undefined
  rowSize: number
  variant?: 'default' | 'featured'
  link?: { to: string; label: string }
}

function ProductRow({ title, products, rowSize, variant = 'default', link }: ProductRowProps) {
  const headingId = `${title.toLowerCase().replace(/\s+/g, '-')}-heading`
  return (
    <section aria-labelledby={headingId}>
      <div className="mb-6 flex items-end justify-between gap-4">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-white">
          {title}
        </h2>
        {link && (
          <Link to={link.to} className="rounded-sm text-sm font-semibold text-brand-300 hover:text-brand-200">
            {link.label} →
          </Link>
        )}
      </div>
      <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {products
          ? products.map((product, index) => (
              <li key={product.id}>
                <ProductCard
                  product={product}
                  variant={variant}
                  eager={variant === 'featured' && index === 0}
                  sizes={`(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 50vw, ${PHONE_CARD_SIZES}`}
                />
              </li>
            ))
          : Array.from({ length: rowSize }, (_, index) => (
              <li key={index}>
                <ProductCardSkeleton />
              </li>
            ))}
      </ul>
    </section>
  )
}

/** A real preview beside the hero text (large screens only): the first featured product's loop, its waveform from the product's own answer. */
function HeroPreview({ productId }: { productId: string | undefined }) {
  const { data: product } = useProduct(productId ?? '', productId !== undefined)
  return (
    <div className="hidden min-h-64 rounded-3xl border border-zinc-800 bg-zinc-900/60 p-8 shadow-2xl shadow-brand-950/50 lg:block">
      {product?.audioPreview && product.previewPeaks ? (
        <>
          <p className="text-sm text-zinc-400">Now previewing</p>
          <Link to={`/products/${product.id}`} className="mt-1 block text-lg font-semibold text-white hover:text-brand-300">
            {product.name}
          </Link>
          <Waveform url={product.audioPreview} peaks={product.previewPeaks} productName={product.name} className="mt-6" />
          <div className="mt-4">
            <PreviewButton url={product.audioPreview} productName={product.name} variant="labelled" />
          </div>
        </>
      ) : (
        <div aria-hidden="true" className="h-48 animate-pulse rounded-xl bg-zinc-800/60" />
      )}
    </div>
  )
}
