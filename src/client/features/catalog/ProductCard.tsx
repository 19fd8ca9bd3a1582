/**
 * A product in a list: image (with a dot switcher when there are several), badges, wishlist,
 * audio preview, tags, rating, price, Add to Cart and a link to the details. Variants:
 * `default` for grids, `featured` for the home page's highlight row, `compact` for related products.
 * The wishlist's heart, the owned product's download link and "Get it free" belong to other
 * features: the app hands them in (product-card-actions.ts).
 */
import { useContext, useState } from 'react'
import { Link } from 'react-router'
import { ownershipError, quantityRuleOf } from '../../../shared/cart-rules.ts'
import type { ProductListItem } from '../../../shared/contract/catalog.ts'
import { isFreeProduct } from '../../../shared/contract/free-product-texts.ts'
import { MAX_CARD_TAGS } from '../../../shared/product-view.ts'
import { useAddToCart } from '../../cart-state/use-add-to-cart.ts'
import { CartIcon } from '../../components/Icons.tsx'
import { ProductImage } from '../../components/ProductImage.tsx'
import { useOwnedProductIds } from '../../session/use-owned-products.ts'
import { PayWhatYouWantPrice } from './PayWhatYouWantPrice.tsx'
import { PreviewButton } from './PreviewButton.tsx'
import { PriceTag } from './PriceTag.tsx'
import { ProductCardActionsContext } from './product-card-actions.ts'
import { categoryName, productMetadata } from './product-display.ts'
import { CategoryBadge, ProductBadges } from './ProductBadges.tsx'
import { SaleEndsNote } from './SaleEndsNote.tsx'
import { ProductRating } from './StarRating.tsx'

export type ProductCardVariant = 'default' | 'featured' | 'compact'

interface ProductCardProps {
  product: ProductListItem
  variant?: ProductCardVariant
  /** The image's `sizes` hint; each variant has a default matching the grids it is used in. */
  sizes?: string
  /** The page's first card: its image is likely the largest thing painted, so it loads at once and first. */
  eager?: boolean
}

/**
 * The end of a card's `sizes`: on a phone a card takes the page's width less its margins. On
 * screens of 2.5 device pixels per CSS pixel and more it names two thirds of that, so the browser
 * takes the file for about 2× rather than 3×: a cover looks the same and weighs a third less.
 */
export const PHONE_CARD_SIZES = '(min-resolution: 2.5dppx) calc((100vw - 2rem) * 0.67), calc(100vw - 2rem)'

const DEFAULT_SIZES: Record<ProductCardVariant, string> = {
  default: `(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, ${PHONE_CARD_SIZES}`,
  featured: `(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 50vw, ${PHONE_CARD_SIZES}`,
  compact: `(min-width: 1280px) 300px, (min-width: 640px) 33vw, ${PHONE_CARD_SIZES}`,
}

const FRAME: Record<ProductCardVariant, string> = {
  default: 'border-zinc-800 bg-zinc-900/60 hover:border-zinc-700',
  featured: 'border-brand-800/70 bg-gradient-to-b from-brand-950/50 to-zinc-900/80 shadow-lg shadow-brand-950/40 hover:border-brand-600',
  compact: 'border-zinc-800 bg-zinc-900/60 hover:border-zinc-700',
}

export function ProductCard({ product, variant = 'default', sizes, eager = false }: ProductCardProps) {
  const addToCart = useAddToCart()
  const ownedProductIds = useOwnedProductIds()
  const { WishlistButton, OwnedDownloadLink, GetItFree } = useContext(ProductCardActionsContext)
  // An owned digital product cannot be bought again: the card leads to its download instead.
  const owned = ownershipError(product.id, quantityRuleOf(productMetadata(product)), ownedProductIds) !== null
  const images = product.images
  const [imageIndex, setImageIndex] = useState(0)
  const shownImage = images[Math.min(imageIndex, images.length - 1)] ?? images[0]!
  const href = `/products/${product.id}`
  const compact = variant === 'compact'
  const tags = product.tags.slice(0, MAX_CARD_TAGS)

  return (
    <article className={`group relative flex h-full flex-col overflow-hidden rounded-xl border transition-colors ${FRAME[variant]}`}>
      <div className="relative aspect-square overflow-hidden bg-zinc-900">
        <Link to={href} tabIndex={-1} aria-hidden="true" className="block size-full">
          <ProductImage
            url={shownImage}
            alt=""
            sizes={sizes ?? DEFAULT_SIZES[variant]}
            eager={eager}
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          />
        </Link>
        {product.audioPreview && (
          <div className="absolute right-2 bottom-2">
            <PreviewButton url={product.audioPreview} productName={product.name} />
          </div>
        )}
        {images.length > 1 && (
          <div className="absolute top-2 left-1/2 flex -translate-x-1/2 gap-0.5 rounded-full bg-zinc-950/70 px-1.5 opacity-0 backdrop-blur transition-opacity group-hover:opacity-100 focus-within:opacity-100 [@media(hover:none)]:opacity-100">
            {images.map((url, index) => (
              <button
                key={url}
                type="button"
                aria-label={`Show image ${index + 1}`}
                aria-pressed={index === imageIndex}
                onClick={() => setImageIndex(index)}
                className="flex size-6 items-center justify-center rounded-full"
              >
                <span className={`size-2 rounded-full transition-colors ${index === imageIndex ? 'bg-white' : 'bg-zinc-400/70'}`} />
              </button>
            ))}
          </div>
        )}
      </div>

      <div className={`flex flex-1 flex-col ${compact ? 'gap-2 p-3' : 'gap-3 p-4'}`}>
        <div className="flex flex-wrap items-center gap-1.5">
          <CategoryBadge name={categoryName(product)} />
          <ProductBadges product={product} />
        </div>
        <div className="flex items-start justify-between gap-2">
          <h3 className={`min-w-0 pt-1.5 leading-snug font-semibold [overflow-wrap:anywhere] text-white ${variant === 'featured' ? 'text-lg' : 'text-base'}`}>
            <Link to={href} className="rounded-sm hover:text-brand-300">
              {product.name}
            </Link>
          </h3>
          <WishlistButton productId={product.id} variant="compact" />
        </div>
        {!compact && tags.length > 0 && (
          <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
            {tags.map((tag) => (
              <li key={tag} className="rounded-md bg-zinc-800 px-2 py-0.5 text-xs text-zinc-300">
                {tag}
              </li>
            ))}
          </ul>
        )}
        {!compact && <p className="line-clamp-2 text-sm leading-relaxed text-zinc-400">{product.description}</p>}
        <ProductRating product={product} />
        <div className="mt-auto flex flex-col gap-3 pt-1">
          {product.priceModel === 'pwyw' ? (
            <PayWhatYouWantPrice minPriceCents={product.minPriceCents ?? 0} />
          ) : (
            <PriceTag priceCents={product.priceCents} originalPriceCents={product.originalPriceCents} />
          )}
          {product.sale && <SaleEndsNote endsAt={product.sale.endsAt} className="-mt-2" />}
          <div className={`flex gap-2 ${compact ? 'flex-col' : 'items-center justify-between'}`}>
            {owned ? (
              <OwnedDownloadLink className="min-w-0 flex-1 px-3" />
            ) : isFreeProduct(product) ? (
              // A free product is had with an email, not through the cart.
              <GetItFree product={product} className="btn btn-primary min-w-0 flex-1 px-3" />
            ) : (
              <button type="button" onClick={() => addToCart(product)} className="btn btn-primary min-w-0 flex-1 px-3">
                <CartIcon className="size-4" />
                Add to Cart
              </button>
            )}
            <Link to={href} className="shrink-0 rounded-sm px-1 py-2 text-center text-sm font-medium whitespace-nowrap text-brand-300 hover:text-brand-200">
              View Details →
            </Link>
          </div>
        </div>
      </div>
    </article>
  )
}
