/**
 * What each storefront page tells search engines and link previews before any JavaScript runs:
 * its title, description, canonical URL, Open Graph image and, for a product, JSON-LD `Product`
 * with its `Offer` (price, currency, availability) and `AggregateRating`, plus a `BreadcrumbList`.
 * The fixed pages' titles and which pages are noindex come from the route list
 * (src/shared/routes.ts); a product's and a category's from the catalog, through its service.
 * An unknown product is a 404.
 */
import type { Category, Product } from '../../shared/contract/catalog.ts'
import { ERROR_MESSAGES } from '../../shared/contract/errors.ts'
import { formatPrice } from '../../shared/money.ts'
import { isFixedPath, sectionOf, SITE_NAME, STORE_DESCRIPTION, STORE_ROUTES } from '../../shared/routes.ts'
import type { CatalogService } from '../catalog/catalog.service.ts'
import { AppError } from '../http/errors.ts'

export interface PageMeta {
  status: number
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

export function createPageMeta({ catalog, publicUrl }: { catalog: Pick<CatalogService, 'getProduct' | 'getCategory'>; publicUrl: string }) {
  const absolute = (path: string) => (path.startsWith('http') ? path : `${publicUrl}${path}`)
  const base = (path: string): PageMeta => ({
    status: 200,
    title: SITE_NAME,
    description: STORE_DESCRIPTION,
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

  function productMeta(product: Product, path: string): PageMeta {
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
      brand: { '@type': 'Brand', name: SITE_NAME },
      offers: {
        '@type': 'Offer',
        url: absolute(path),
        price,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
      ...(product.rating !== null && product.reviewCount > 0
        ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: product.rating, reviewCount: product.reviewCount, bestRating: 5, worstRating: 1 } }
        : {}),
    }
    const summary = product.description.length > 150 ? `${product.description.slice(0, 147).trimEnd()}…` : product.description
    return {
      ...base(path),
      title: `${product.name} | ${SITE_NAME}`,
      description: summary ? `${formatPrice(product.priceCents)}: ${summary}` : `${product.name} at ${SITE_NAME}, ${formatPrice(product.priceCents)}.`,
      image: product.imageUrl ? absolute(largeImage(product.imageUrl)) : null,
      type: 'product',
      jsonLd: [ld, breadcrumbs(trail)],
    }
  }

  function categoryMeta(category: Category, path: string): PageMeta {
    return {
      ...base(`/${category.slug}`),
      canonical: absolute(`/${category.slug}`),
      title: `${category.name} | ${SITE_NAME}`,
      description: category.description ?? `${category.name} for producers at ${SITE_NAME}: preview every sound before you buy.`,
      jsonLd: [
        breadcrumbs([
          { name: 'Home', path: '/' },
          { name: category.name, path },
        ]),
      ],
    }
  }

  /** The meta of the page at `path` (no query string). */
  return async function pageMeta(path: string): Promise<PageMeta> {
    const clean = path.length > 1 ? path.replace(/\/+$/, '') : path
    const fixed = FIXED_PAGES.get(clean)
    if (fixed?.head) return { ...base(fixed.canonical ?? clean), ...fixed.head, rendered: fixed.serverData !== undefined }
    if (PRIVATE_SECTIONS.has(sectionOf(clean))) return { ...base(clean), noindex: true }
    const product = /^\/products\/([^/]+)$/.exec(clean)
    if (product) {
      const id = decodeURIComponent(product[1]!)
      if (!UUID.test(id)) return { ...base(clean), status: 404, title: `Product not found | ${SITE_NAME}`, noindex: true }
      try {
        return { ...productMeta(await catalog.getProduct(id), clean), rendered: true }
      } catch (error) {
        if (error instanceof AppError && error.status === 404)
          return { ...base(clean), status: 404, title: `Product not found | ${SITE_NAME}`, description: ERROR_MESSAGES.productNotFound, noindex: true }
        throw error
      }
    }
    const slug = /^\/([a-z0-9-]+)$/.exec(clean)?.[1]
    if (slug && !APP_PATHS.has(slug)) {
      try {
        return { ...categoryMeta(await catalog.getCategory(slug), clean), rendered: true }
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return { ...base(clean), status: 404, title: `Page not found | ${SITE_NAME}`, noindex: true }
        throw error
      }
    }
    return base(clean)
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!)

/** The <head> tags of a page; JSON-LD is escaped so no text in it can close its script. */
export function renderHeadTags(meta: PageMeta): string {
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.canonical)}" />`,
    ...(meta.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
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
