/** The site header: brand link home, navigation to Products and each category, the account and cart controls. */
import { useEffect, useRef } from 'react'
import { Link, NavLink, useLocation, useSearchParams } from 'react-router'
import { AccountMenu } from '../features/account/AccountMenu.tsx'
import { CartButton } from '../features/cart/CartButton.tsx'
import { useCategories } from '../features/catalog/api/get-categories.ts'
import { BrandMark } from './Icons.tsx'

const linkClass = (active: boolean) =>
  `block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    active ? 'bg-zinc-800 text-white' : 'text-zinc-300 hover:bg-zinc-900 hover:text-white'
  }`

export function Header() {
  const categories = useCategories()
  const { pathname } = useLocation()
  const [searchParams] = useSearchParams()
  // /products?category=x counts as being in that category's section of the site.
  const activeSlug = pathname === '/products' ? searchParams.get('category') : pathname.slice(1)
  const mobileNav = useRef<HTMLDivElement>(null)

  // On narrow screens the nav row scrolls sideways: keep the current section's link in view.
  useEffect(() => {
    const container = mobileNav.current
    const active = container?.querySelector<HTMLElement>('[aria-current="page"]')
    if (!container || !active) return
    container.scrollTo({ left: Math.max(0, active.offsetLeft - (container.clientWidth - active.offsetWidth) / 2) })
  }, [pathname, activeSlug, categories.data])

  return (
    <header className="sticky top-0 z-40 border-b border-zinc-800/80 bg-zinc-950/85 backdrop-blur supports-[backdrop-filter]:bg-zinc-950/70">
      <div className="container-page flex h-16 items-center gap-4">
        <Link to="/" className="flex shrink-0 items-center gap-2.5 rounded-md text-base font-bold tracking-tight text-white">
          <BrandMark className="size-8" />
          {/* Narrow phones show the short name; screen readers always hear the full one. */}
          <span aria-hidden="true" className="sm:hidden">
            ALS
          </span>
          <span className="max-sm:sr-only">Audio Lab Store</span>
        </Link>
        <nav aria-label="Main" className="hidden min-w-0 flex-1 lg:block">
          <NavLinks categories={categories.data} activeSlug={activeSlug} pathname={pathname} />
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-2">
          <AccountMenu />
          <CartButton />
        </div>
      </div>
      <nav aria-label="Main" className="border-t border-zinc-900 lg:hidden">
        <div ref={mobileNav} className="container-page relative overflow-x-auto py-1.5 [scrollbar-width:none]">
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
