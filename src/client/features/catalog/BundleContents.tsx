/**
 * A bundle's page: "In this bundle", each product it holds with its cover, name (to its page),
 * price and preview (the cards' play button, through the page's one player), and "✓ Owned" on
 * those the signed-in shopper has already; and the completion note, "You own 2 of 5: complete
 * the bundle for $24.00", the price checkout charges them.
 */
import { Link } from 'react-router'
import { completionSentence } from '../../../shared/bundles.ts'
import type { BundleOfferView } from '../../../shared/contract/bundles.ts'
import type { Product } from '../../../shared/contract/catalog.ts'
import { PLACEHOLDER_IMAGE } from '../../../shared/product-view.ts'
import { ProductImage } from '../../components/ProductImage.tsx'
import { useBundleOffer } from '../../session/api/get-bundle-offer.ts'
import { useOwnedProductIds } from '../../session/use-owned-products.ts'
import { useBundleItems } from './api/get-bundle-items.ts'
import { PreviewButton } from './PreviewButton.tsx'
import { PriceTag } from './PriceTag.tsx'

/** The signed-in shopper's offer when they own some of the bundle (and not the bundle itself); null otherwise: a guest pays its price. */
function useCompletion(product: Pick<Product, 'id' | 'isBundle'>, owned = false): BundleOfferView | null {
  const offer = useBundleOffer(product)
  return !owned && offer && offer.ownedCount > 0 ? offer : null
}

/** The bundle's price on its page: what completes it for this shopper, the bundle's price struck through; else its price as any product's. */
export function BundlePriceTag({ product, owned }: { product: Pick<Product, 'id' | 'isBundle' | 'priceCents' | 'originalPriceCents'>; owned: boolean }) {
  const completion = useCompletion(product, owned)
  return (
    <PriceTag
      priceCents={completion?.priceCents ?? product.priceCents}
      originalPriceCents={completion ? product.priceCents : product.originalPriceCents}
      size="lg"
    />
  )
}

/** "You own 2 of 5: complete the bundle for $24.00", once the shopper owns some of it. */
export function BundleCompletionNote({ product }: { product: Pick<Product, 'id' | 'isBundle'> }) {
  const completion = useCompletion(product)
  if (!completion) return null
  return (
    <p className="rounded-lg border border-emerald-800/70 bg-emerald-950/40 px-3.5 py-2.5 text-sm font-medium text-emerald-200">
      {completionSentence(completion)}
    </p>
  )
}

export function BundleContents({ product }: { product: Pick<Product, 'id' | 'isBundle'> }) {
  const items = useBundleItems(product.id, product.isBundle)
  const owned = useOwnedProductIds()
  const held = items.data ?? []
  if (!product.isBundle || held.length === 0) return null
  return (
    <section aria-labelledby="bundle-heading" className="mt-14">
      <h2 id="bundle-heading" className="text-2xl font-bold tracking-tight text-white">
        In this bundle <span className="text-base font-medium text-zinc-400">· {held.length} products</span>
      </h2>
      <ul aria-labelledby="bundle-heading" className="mt-6 grid gap-3 sm:grid-cols-2">
        {held.map((item) => (
          <li key={item.id} aria-label={item.name} className="flex items-center gap-3 rounded-xl border border-zinc-800 bg-zinc-900/60 p-3">
            <div className="relative size-16 shrink-0 overflow-hidden rounded-lg bg-zinc-800 sm:size-20">
              <ProductImage
                url={item.imageUrl || item.images[0] || PLACEHOLDER_IMAGE}
                alt=""
                sizes="80px"
                width={80}
                height={80}
                className="size-full object-cover"
              />
              {item.audioPreview && (
                <div className="absolute inset-0 flex items-center justify-center">
                  <PreviewButton url={item.audioPreview} productName={item.name} />
                </div>
              )}
            </div>
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <Link to={`/products/${item.id}`} className="rounded-sm leading-snug font-semibold [overflow-wrap:anywhere] text-white hover:text-brand-300">
                {item.name}
              </Link>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <PriceTag priceCents={item.priceCents} originalPriceCents={item.originalPriceCents} />
                {owned.includes(item.id) && <span className="text-xs font-semibold text-emerald-300">✓ Owned</span>}
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
