/**
 * The site header: a bar with the brand link home, the search box, the account and cart controls,
 * and under it a row of navigation to Products and each category. From 1024 px the search box
 * sits in the bar; narrower, a search button opens it in a full-width row under the bar.
 */
import { useEffect, useId, useRef, useState } from 'react'
import { Link, NavLink, useLocation, useSearchParams } from 'react-router'
import { useStoreSettings } from '../api/get-store-settings.ts'
import { BrandMark } from '../components/Icons.tsx'
import { AccountMenu } from '../features/account/public.ts'
import { CartButton } from '../features/cart/public.ts'
import { useCategories } from '../features/catalog/public.ts'
import { SearchBox, SearchIcon } from '../features/search/public.ts'

const linkClass = (active: boolean) =>
  `block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    active ? 'bg-zinc-800 text-white' : 'text-zinc-300 hover:bg-zinc-900 hover:text-white'
  }`

/** "Audio Lab Store" → "ALS": the brand's short form on narrow phones. */
function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean)
  return words.length > 1
    ? words
        .slice(0, 4)
        .map((word) => word[0]!.toUpperCase())
        .join('')
    : name.slice(0, 12)
}

export function Header() {
  const categories = useCategories()
  const storeName = useStoreSettings()?.storeName ?? ''
  const { pathname } = useLocation()
  const [searchParams] = useSearchParams()
  // /products?category=x counts as being in that category's section of the site.
  const activeSlug = pathname === '/products' ? searchParams.get('category') : pathname.slice(1)
  const navRow = useRef<HTMLDivElement>(null)
  const searchRowId = useId()
  const searchInput = useRef<HTMLInputElement>(null)
  const [searchRowOpen, setSearchRowOpen] = useState(false)

  // The phone layout's search button: the row it opens takes the focus.
  useEffect(() => {
    if (searchRowOpen) searchInput.current?.focus()
  }, [searchRowOpen])

  // The nav row scrolls sideways when the categories do not fit: keep the current section's link in view.
  useEffect(() => {
    const container = navRow.current
    const active = container?.querySelector<HTMLElement>('[aria-current="page"]')
    if (!container || !active) return
    container.scrollTo({ left: Math.max(0, active.offsetLeft - (container.clientWidth - active.offsetWidth) / 2) })
  }, [pathname, activeSlug, categories.data])

  return (
    <header className="sticky top-0 z-40 border-b border-zinc-800/80 bg-zinc-950/85 backdrop-blur supports-[backdrop-filter]:bg-zinc-950/70">
      <div className="container-page flex flex-wrap items-center gap-x-3 sm:gap-x-4 lg:flex-nowrap">
        <Link to="/" className="flex h-16 shrink-0 items-center gap-2.5 rounded-md text-base font-bold tracking-tight text-white">
          <BrandMark className="size-8" />
          {/* Narrow phones show the short name; screen readers always hear the full one. */}
          <span aria-hidden="true" className="sm:hidden">
            {initialsOf(storeName)}
          </span>
          <span className="max-sm:sr-only">{storeName}</span>
        </Link>
        {/* In the bar from lg; narrower, a row of its own under the bar (last in the wrapping row), once opened. */}
        <div
          id={searchRowId}
          className={`order-last w-full pb-3 lg:order-none lg:mx-auto lg:block lg:w-auto lg:max-w-xl lg:flex-1 lg:pb-0 ${searchRowOpen ? 'block' : 'hidden'}`}
        >
          <SearchBox inputRef={searchInput} onNavigate={() => setSearchRowOpen(false)} onDismiss={() => setSearchRowOpen(false)} />
        </div>
        <div className="ml-auto flex h-16 shrink-0 items-center gap-1.5 sm:gap-2 lg:ml-0">
          <button
            type="button"
            aria-label="Search"
            aria-expanded={searchRowOpen}
            aria-controls={searchRowId}
            onClick={() => setSearchRowOpen((isOpen) => !isOpen)}
            className="flex size-[38px] items-center justify-center rounded-lg text-zinc-300 transition-colors hover:bg-zinc-900 hover:text-white lg:hidden"
          >
            <SearchIcon className="size-5" />
          </button>
          <AccountMenu />
          <CartButton />
        </div>
      </div>
      {/* The categories have a row of their own at every width (the bar holds the search box); it scrolls sideways when they do not fit. */}
      <nav aria-label="Main" className="border-t border-zinc-900">
        <div ref={navRow} className="container-page relative overflow-x-auto py-1.5 [scrollbar-width:none] lg:py-1">
          <NavLinks categories={categories.data} activeSlug={activeSlug} pathname={pathname} />
        </div>
      </nav>
    </header>
  )
}

interface NavLinksProps {
  categories: Array<{ id: string; name: string; slug: string }> | undefined
  activeSlug: string | null
  pathname: string
}

function NavLinks({ categories, activeSlug, pathname }: NavLinksProps) {
  const onAllProducts = pathname === '/products' && !activeSlug
  return (
    <ul className="flex items-center gap-1 [&>li]:shrink-0">
      <li>
        <NavLink to="/products" end className={() => linkClass(onAllProducts)} aria-current={onAllProducts ? 'page' : undefined}>
          Products
        </NavLink>
      </li>
      {categories?.map((category) => {
        const active = activeSlug === category.slug
        return (
          <li key={category.id}>
            <Link to={`/${category.slug}`} className={linkClass(active)} aria-current={active ? 'page' : undefined}>
              {category.name}
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
