/** Breadcrumb trail built from a path, with fixed labels for the store's own pages. */

const FIXED_LABELS: Record<string, string> = {
  instruments: 'Instruments',
  processors: 'Processors',
  tools: 'Tools',
  cart: 'Shopping Cart',
  account: 'My Account',
  checkout: 'Checkout',
}

export interface Breadcrumb {
  label: string
  href: string
}

/** "sample-packs" → "Sample packs"; fixed labels win. */
export function breadcrumbLabel(segment: string): string {
  const fixed = FIXED_LABELS[segment]
  if (fixed) return fixed
  const words = decodeURIComponent(segment).replace(/-/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/**
 * Crumbs after "Home" for a path. The id segment after "products" is skipped (the page adds
 * the product's name itself).
 */
export function buildBreadcrumbs(pathname: string): Breadcrumb[] {
  const segments = pathname.split('/').filter(Boolean)
  const crumbs: Breadcrumb[] = []
  segments.forEach((segment, index) => {
    if (index > 0 && segments[index - 1] === 'products') return
    crumbs.push({ label: breadcrumbLabel(segment), href: '/' + segments.slice(0, index + 1).join('/') })
  })
  return crumbs
}
