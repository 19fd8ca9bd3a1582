/** The breadcrumb trail for the current path (Home first); the last crumb can be a given label, e.g. a product name. */
import { Link, useLocation } from 'react-router'
import { buildBreadcrumbs, type Breadcrumb } from './breadcrumbs.ts'

interface BreadcrumbsProps {
  /** Appended as the current page (product detail passes the product's name). */
  currentLabel?: string
}

export function Breadcrumbs({ currentLabel }: BreadcrumbsProps) {
  const { pathname } = useLocation()
  const crumbs: Breadcrumb[] = [{ label: 'Home', href: '/' }, ...buildBreadcrumbs(pathname)]
  if (currentLabel) crumbs.push({ label: currentLabel, href: pathname })

  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-zinc-400">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1
          return (
            <li key={`${crumb.href}-${index}`} className="flex min-w-0 items-center gap-2">
              {index > 0 && (
                <span aria-hidden="true" className="text-zinc-600">
                  /
                </span>
              )}
              {last ? (
                <span aria-current="page" className="truncate font-medium text-zinc-200">
                  {crumb.label}
                </span>
              ) : (
                <Link to={crumb.href} className="rounded-sm hover:text-white">
                  {crumb.label}
                </Link>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
