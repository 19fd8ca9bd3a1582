/** The NEW, -N%, FEATURED and "Bundle · N packs" badges of a product (the percent comes from discountPercent). */
import type { Product } from '../../../shared/contract/catalog.ts'
import { discountPercent } from '../../../shared/product-view.ts'

interface ProductBadgesProps {
  product: Pick<Product, 'isNew' | 'isFeatured' | 'priceCents' | 'originalPriceCents'> & Partial<Pick<Product, 'isBundle' | 'bundleItemCount'>>
  showFeatured?: boolean
  className?: string
}

const badge = 'rounded-md px-2 py-0.5 text-[11px] leading-5 font-bold tracking-wide shadow-sm'

export function ProductBadges({ product, showFeatured = true, className = '' }: ProductBadgesProps) {
  const percent = discountPercent(product.originalPriceCents, product.priceCents)
  if (!product.isNew && percent === null && !(showFeatured && product.isFeatured) && !product.isBundle) return null
  return (
    <div className={`flex flex-wrap gap-1.5 ${className}`}>
      {product.isNew && <span className={`${badge} bg-emerald-400 text-emerald-950`}>NEW</span>}
      {percent !== null && <span className={`${badge} bg-rose-600 text-white`}>-{percent}%</span>}
      {showFeatured && product.isFeatured && <span className={`${badge} bg-amber-300 text-amber-950`}>FEATURED</span>}
      {product.isBundle && <span className={`${badge} bg-violet-300 text-violet-950`}>{bundleLabel(product.bundleItemCount)}</span>}
    </div>
  )
}

/** "Bundle · 5 packs", or "Bundle" while the count is not known. */
function bundleLabel(itemCount: number | undefined): string {
  if (itemCount === undefined) return 'Bundle'
  return `Bundle · ${itemCount} ${itemCount === 1 ? 'pack' : 'packs'}`
}

/** The category pill shown on cards and the product page. */
export function CategoryBadge({ name }: { name: string }) {
  return (
    <span className="inline-flex w-fit items-center rounded-full border border-brand-800 bg-brand-950/60 px-2.5 py-0.5 text-xs font-medium text-brand-200">
      {name}
    </span>
  )
}
