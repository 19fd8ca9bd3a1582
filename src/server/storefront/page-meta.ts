/**
 * What each storefront page tells search engines and link previews before any JavaScript runs:
 * its title, description, canonical URL, Open Graph image and, for a product, JSON-LD `Product`
 * with its `Offer` (price, currency, availability) and `AggregateRating`, plus a `BreadcrumbList`.
 * The fixed pages' titles and which pages are noindex come from the route list
 * (src/shared/routes.ts); a product's and a category's from the catalog, through its service.
 * Every title names the store as its owner named it (the store settings). A demo rating is not
 * offered to search engines as a real one. An unknown product is a 404.
 */
import type { Category, Product } from '../../shared/contract/catalog.ts'
import { ERROR_MESSAGES } from '../../shared/contract/errors.ts'
import { formatPrice } from '../../shared/money.ts'
import { shownRating } from '../../shared/product-rating.ts'
import { isFixedPath, sectionOf, SITE_NAME, STORE_DESCRIPTION, STORE_ROUTES } from '../../shared/routes.ts'
import type { CatalogReadsService } from '../catalog/catalog-reads.service.ts'
import { AppError } from '../http/errors.ts'

export interface PageMeta {
  status: number
  /** The store's name as its owner set it. */
  siteName: string
  title: string
  description: string
  /** Absolute. */
  canonical: string
  /** Absolute. */
  image: string | null
  type: 'website' | 'product'
  noindex: boolean
  jsonLd: object[]
  /** A public storefront page the server renders with its data (home, listings, a product, the content pages). */
  rendered: boolean
}

/** The pages whose head is fixed text, by address. */
const FIXED_PAGES = new Map(STORE_ROUTES.flatMap((route) => (route.head ? [[route.path, route] as const] : [])))
/** Sections that belong to one visitor, with every address under them: never indexed. */
const PRIVATE_SECTIONS = new Set(STORE_ROUTES.filter((route) => route.noindex).map((route) => sectionOf(route.path)))
/** Single-segment paths the app owns, which are therefore not categories (developer pages too, whatever the mode). */
const APP_PATHS = new Set(STORE_ROUTES.map((route) => sectionOf(route.path)).filter((section) => section !== '' && isFixedPath(section)))
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The 1024 px cover where the store has one, for link previews. */
const largeImage = (url: string) => url.replace(/-640\.webp$/, '-1024.webp')

export function createPageMeta({ catalog, publicUrl }: { catalog: Pick<CatalogReadsService, 'getProduct' | 'getCategory'>; publicUrl: string }) {
  const absolute = (path: string) => (path.startsWith('http') ? path : `${publicUrl}${path}`)
  const baseOf = (path: string, siteName: string): PageMeta => ({
    status: 200,
    siteName,
    title: siteName,
    description: named(STORE_DESCRIPTION, siteName),
    canonical: absolute(path),
    image: null,
    type: 'website',
    noindex: false,
    jsonLd: [],
    rendered: false,
  })
  const breadcrumbs = (trail: { name: string; path: string }[]) => ({
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({ '@type': 'ListItem', position: index + 1, name: step.name, item: absolute(step.path) })),
  })

  function productMeta(product: Product, path: string, siteName: string): PageMeta {
    const rating = shownRating(product)
    const price = (product.priceCents / 100).toFixed(2)
    const trail = [
      { name: 'Home', path: '/' },
      ...(product.category ? [{ name: product.category.name, path: `/${product.category.slug}` }] : [{ name: 'Products', path: '/products' }]),
      { name: product.name, path },
    ]
    const ld: Record<string, unknown> = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: product.description,
      sku: product.id,
      image: product.images.filter((image) => !image.endsWith('.svg')).map((image) => absolute(largeImage(image))),
      ...(product.category ? { category: product.category.name } : {}),
      brand: { '@type': 'Brand', name: siteName },
      offers: {
        '@type': 'Offer',
        url: absolute(path),
        price,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
      ...(rating && !rating.demo && rating.reviewCount > 0
        ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: rating.rating, reviewCount: rating.reviewCount, bestRating: 5, worstRating: 1 } }
        : {}),
    }
    const summary = product.description.length > 150 ? `${product.description.slice(0, 147).trimEnd()}…` : product.description
    return {
      ...baseOf(path, siteName),
      title: `${product.name} | ${siteName}`,
      description: summary ? `${formatPrice(product.priceCents)}: ${summary}` : `${product.name} at ${siteName}, ${formatPrice(product.priceCents)}.`,
      image: product.imageUrl ? absolute(largeImage(product.imageUrl)) : null,
      type: 'product',
      jsonLd: [ld, breadcrumbs(trail)],
    }
  }

  function categoryMeta(category: Category, path: string, siteName: string): PageMeta {
    return {
      ...baseOf(`/${category.slug}`, siteName),
      canonical: absolute(`/${category.slug}`),
      title: `${category.name} | ${siteName}`,
      description: category.description ?? `${category.name} for producers at ${siteName}: preview every sound before you buy.`,
      jsonLd: [
        breadcrumbs([
          { name: 'Home', path: '/' },
          { name: category.name, path },
        ]),
      ],
    }
  }

  /** The meta of the page at `path` (no query string), naming the store `siteName`. */
  return async function pageMeta(path: string, siteName: string = SITE_NAME): Promise<PageMeta> {
    const base = (at: string) => baseOf(at, siteName)
    const clean = path.length > 1 ? path.replace(/\/+$/, '') : path
    const fixed = FIXED_PAGES.get(clean)
    if (fixed?.head) {
      const { title, description } = fixed.head
      return {
        ...base(fixed.canonical ?? clean),
        title: named(title, siteName),
        description: named(description, siteName),
        rendered: fixed.serverData !== undefined,
      }
    }
    if (PRIVATE_SECTIONS.has(sectionOf(clean))) return { ...base(clean), noindex: true }
    const product = /^\/products\/([^/]+)$/.exec(clean)
    if (product) {
      const id = decodeURIComponent(product[1]!)
      if (!UUID.test(id)) return { ...base(clean), status: 404, title: `Product not found | ${siteName}`, noindex: true }
      try {
        return { ...productMeta(await catalog.getProduct(id), clean, siteName), rendered: true }
      } catch (error) {
        if (error instanceof AppError && error.status === 404)
          return { ...base(clean), status: 404, title: `Product not found | ${siteName}`, description: ERROR_MESSAGES.productNotFound, noindex: true }
        throw error
      }
    }
    const slug = /^\/([a-z0-9-]+)$/.exec(clean)?.[1]
    if (slug && !APP_PATHS.has(slug)) {
      try {
        return { ...categoryMeta(await catalog.getCategory(slug), clean, siteName), rendered: true }
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return { ...base(clean), status: 404, title: `Page not found | ${siteName}`, noindex: true }
        throw error
      }
    }
    return base(clean)
  }
}

/** The route list's and the store's own texts name the store by its default name: the owner's name replaces it. */
const named = (text: string, siteName: string) => text.replaceAll(SITE_NAME, siteName)

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!)

/** The <head> tags of a page; JSON-LD is escaped so no text in it can close its script. */
export function renderHeadTags(meta: PageMeta): string {
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.canonical)}" />`,
    ...(meta.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    `<meta property="og:site_name" content="${escapeHtml(meta.siteName)}" />`,
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.canonical)}" />`,
    ...(meta.image
      ? [`<meta property="og:image" content="${escapeHtml(meta.image)}" />`, '<meta name="twitter:card" content="summary_large_image" />']
      : ['<meta name="twitter:card" content="summary" />']),
    ...meta.jsonLd.map((data) => `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`),
  ]
  return tags.join('\n    ')
}
