/**
 * What a promo code applies to: the store's products and its categories it is limited to. Nothing
 * ticked in either list: the code applies to every line.
 */
import { CategoryChoices, ProductChoices } from './ScopeChoices.tsx'

interface PromoScopeFieldsProps {
  productIds: string[]
  categoryIds: string[]
  onChange: (scope: { productIds: string[]; categoryIds: string[] }) => void
  productError?: string
  categoryError?: string
}

export function PromoScopeFields({ productIds, categoryIds, onChange, productError, categoryError }: PromoScopeFieldsProps) {
  return (
    <div className="grid gap-4 sm:col-span-2 lg:col-span-4 lg:grid-cols-2">
      <ProductChoices
        legend="Limit to products"
        noneChosen="Every product"
        chosen={productIds}
        error={productError}
        onChange={(ids) => onChange({ productIds: ids, categoryIds })}
      />
      <CategoryChoices
        legend="Limit to categories"
        noneChosen="Every category"
        chosen={categoryIds}
        error={categoryError}
        onChange={(ids) => onChange({ productIds, categoryIds: ids })}
      />
    </div>
  )
}
