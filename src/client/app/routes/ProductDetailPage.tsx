/**
 * The product page (/products/:productId). It leads with the sound: name, price and the preview's
 * play button and waveform come first (on a phone before the gallery, so they are on the first
 * screen), then the gallery, description, quantity, Add to Cart, wishlist and Buy Now (a bundle's
 * price is what completes it for a signed-in shopper who owns some of it), then what a bundle holds,
 * tabs (Overview, Specifications, Audio Demos, Reviews) and related products. A page of the app,
 * not of the catalog: it puts the catalog's parts together with the cart's (amount, quantity, Add to
 * Cart), checkout's Buy Now, downloads' link for an owned product, free products' "Get it free", the
 * wishlist's heart and the audition's tempo and key.
 */
import { useEffect, useState } from 'react'
import { useParams } from 'react-router'
import { ownershipError, quantityRuleOf } from '../../../shared/cart-rules.ts'
import type { Product } from '../../../shared/contract/catalog.ts'
import { isFreeProduct } from '../../../shared/contract/free-product-texts.ts'
import { formatPrice } from '../../../shared/money.ts'
import { discountPercent, isDigitalProduct, productImages, purchaseLimit } from '../../../shared/product-view.ts'
import { recordStoreEvent } from '../../api/store-events.ts'
import { useAddToCart } from '../../cart-state/use-add-to-cart.ts'
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx'
import { CartIcon } from '../../components/Icons.tsx'
import { PageTitle } from '../../components/PageTitle.tsx'
import { AuditionControls, AuditionSummary, useAuditionPlayback } from '../../features/audition/public.ts'
import { PayWhatYouWantField, PWYW_FIELD_LABELS, QuantitySelector, useTypedAmount } from '../../features/cart/public.ts'
import {
  AudioDemosPanel,
  BundleCompletionNote,
  BundleContents,
  BundlePriceTag,
  CategoryBadge,
  categoryName,
  LeadPreview,
  OverviewPanel,
  PayWhatYouWantPrice,
  PriceTag,
  ProductBadges,
  ProductDetailSkeleton,
  ProductGallery,
  productMetadata,
  ProductNotFound,
  ProductRating,
  ProductTabs,
  RelatedProducts,
  ReviewsPanel,
  SaleEndsNote,
  SpecificationsPanel,
  useProduct,
} from '../../features/catalog/public.ts'
import { BuyNowButton, useBuyNow } from '../../features/checkout/public.ts'
import { OwnedDownloadLink } from '../../features/downloads/public.ts'
import { GetItFree } from '../../features/free-products/public.ts'
import { WishlistButton } from '../../features/wishlist/public.ts'
import { useOwnedProductIds } from '../../session/use-owned-products.ts'

export default function ProductDetailPage() {
  const { productId = '' } = useParams()
  const product = useProduct(productId)
  if (product.isPending) return <ProductDetailSkeleton />
  if (product.isError) return <ProductNotFound />
  // Keyed by id so quantity and gallery state reset when a related product is opened.
  return <ProductDetail key={product.data.id} product={product.data} />
}

function ProductDetail({ product }: { product: Product }) {
  const metadata = productMetadata(product)
  const digital = isDigitalProduct(metadata)
  const limit = purchaseLimit(metadata)
  const [quantity, setQuantity] = useState(1)
  // Pay what you want: the amount the buyer names; Add to Cart and Buy Now wait until the product takes it.
  const pwyw = product.priceModel === 'pwyw'
  const amountField = useTypedAmount(product, product.priceCents)
  const { amount } = amountField
  const amountRefused = pwyw && amount.refusal !== null
  const addToCart = useAddToCart()
  const buyNow = useBuyNow(product, quantity)
  /**
   * Runs a press with the amount in the field as it is pressed (null for a fixed price), or refuses
   * it, its sentence under the field, when the amount cannot be paid: what the buyer typed is what
   * they pay, also when the press was held while the app took the page over (AmountField.read).
   */
  function withTypedAmount(press: (chosenPriceCents: number | null) => void) {
    if (!pwyw) return press(null)
    const typed = amountField.read()
    if (typed.refusal === null) press(typed.chosenPriceCents)
  }
  const ownedProductIds = useOwnedProductIds()
  // An owned digital product is not sold twice: its download replaces Add to Cart and Buy Now.
  const owned = ownershipError(product.id, quantityRuleOf(metadata), ownedProductIds) !== null
  // A free product is had with an email: "Get it free" replaces the quantity, Add to Cart and Buy Now.
  const free = isFreeProduct(product)
  const percent = discountPercent(product.originalPriceCents, product.priceCents)
  // The preview plays in the session's tempo and key whichever tab is open.
  useAuditionPlayback(product)
  // Counted once per product opened (this component is keyed by product), for the owner's funnel.
  useEffect(() => recordStoreEvent('product_view'), [])

  return (
    <div className="container-page py-8 sm:py-10">
      <PageTitle>{product.name}</PageTitle>
      <Breadcrumbs currentLabel={product.name} />

      {/* On a phone the blocks stack in this order; from lg the gallery takes the left column and the rest stack on the right. */}
      <div className="mt-5 grid gap-5 lg:mt-8 lg:grid-cols-2 lg:grid-rows-[auto_auto_1fr] lg:gap-x-12">
        <div className="flex min-w-0 flex-col gap-3 lg:col-start-2 lg:row-start-1">
          <div className="flex flex-wrap items-center gap-2">
            <CategoryBadge name={categoryName(product)} />
            <ProductBadges product={product} showFeatured={false} />
          </div>
          <h1 className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">{product.name}</h1>
          <ProductRating product={product} size="md" />
        </div>

        <section aria-label="Price and preview" className="flex min-w-0 flex-col gap-4 lg:col-start-2 lg:row-start-2">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            {pwyw ? (
              <PayWhatYouWantPrice minPriceCents={product.minPriceCents ?? 0} suggestedCents={product.priceCents} size="lg" />
            ) : product.isBundle ? (
              // A bundle the signed-in shopper owns some of costs what completes it: the price shown, added and charged.
              <BundlePriceTag product={product} owned={owned} />
            ) : (
              <PriceTag priceCents={product.priceCents} originalPriceCents={product.originalPriceCents} size="lg" />
            )}
            {percent !== null && product.originalPriceCents !== null && (
              <span className="rounded-md bg-emerald-950 px-2 py-1 text-sm font-semibold text-emerald-300 ring-1 ring-emerald-800">
                Save {formatPrice(product.originalPriceCents - product.priceCents)}
              </span>
            )}
            {product.sale && <SaleEndsNote endsAt={product.sale.endsAt} className="text-sm" />}
          </div>
          <LeadPreview product={product} note={<AuditionSummary product={product} />} />
        </section>

        <div className="min-w-0 lg:col-start-1 lg:row-span-3 lg:row-start-1">
          <ProductGallery images={productImages(product.imageUrl, metadata)} productName={product.name} />
        </div>

        <div className="flex min-w-0 flex-col gap-5 lg:col-start-2 lg:row-start-3">
          <p className="leading-relaxed text-zinc-300">{product.description}</p>

          {product.tags.length > 0 && (
            <ul aria-label="Tags" className="flex flex-wrap gap-2">
              {product.tags.map((tag) => (
                <li key={tag} className="rounded-md bg-zinc-800 px-2.5 py-1 text-xs text-zinc-300">
                  {tag}
                </li>
              ))}
            </ul>
          )}

          <div className="mt-2 flex flex-col gap-4 rounded-2xl border border-zinc-800 bg-zinc-900/50 p-4 sm:p-5">
            {!owned && pwyw && (
              <PayWhatYouWantField
                amount={amount}
                onChange={amountField.setText}
                inputRef={amountField.inputRef}
                label={PWYW_FIELD_LABELS.nameYourPrice(product.minPriceCents ?? 0)}
              />
            )}
            {!owned && product.isBundle && <BundleCompletionNote product={product} />}
            {!owned && !free && <QuantitySelector value={quantity} onChange={setQuantity} isDigital={digital} limit={limit} />}
            {buyNow.error && (
              <p role="alert" className="rounded-lg border border-red-800/80 bg-red-950/50 px-3.5 py-2.5 text-sm text-red-200">
                {buyNow.error}
              </p>
            )}
            <div className="flex gap-3">
              {owned ? (
                <OwnedDownloadLink className="flex-1 py-3" />
              ) : free ? (
                <GetItFree product={product} />
              ) : (
                <button
                  type="button"
                  onClick={() => withTypedAmount((chosenPriceCents) => addToCart(product, quantity, chosenPriceCents))}
                  disabled={amountRefused}
                  className="btn btn-primary flex-1 py-3"
                >
                  <CartIcon className="size-5" />
                  Add to Cart
                </button>
              )}
              <WishlistButton productId={product.id} variant="inline" />
            </div>
            {!owned && !free && (
              <BuyNowButton
                onBuyNow={() => withTypedAmount((chosenPriceCents) => void buyNow.buyNow(chosenPriceCents))}
                isProcessing={buyNow.isProcessing}
                disabled={amountRefused}
              />
            )}
          </div>
        </div>
      </div>

      <BundleContents product={product} />

      <div className="mt-14">
        <ProductTabs
          label="Product information"
          tabs={[
            { id: 'overview', label: 'Overview', content: <OverviewPanel product={product} /> },
            { id: 'specs', label: 'Specifications', content: <SpecificationsPanel product={product} /> },
            { id: 'demos', label: 'Audio Demos', content: <AudioDemosPanel product={product} audition={<AuditionControls product={product} />} /> },
            { id: 'reviews', label: 'Reviews', content: <ReviewsPanel /> },
          ]}
        />
      </div>

      <RelatedProducts product={product} />
    </div>
  )
}
