/** A tile per category linking to its page (/{slug}), for the home page. */
import { Link } from 'react-router'
import { useCategories } from '../api/get-categories.ts'
import { DownloadIcon, SlidersIcon, WaveIcon } from './Icons.tsx'

const ACCENTS = ['from-violet-600/30', 'from-sky-600/30', 'from-emerald-600/30', 'from-amber-600/30', 'from-rose-600/30', 'from-fuchsia-600/30']
const ICONS = [WaveIcon, SlidersIcon, DownloadIcon]

export function CategoryTiles() {
  const categories = useCategories()
  if (categories.isError) return null
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-5">
      {categories.isPending
        ? Array.from({ length: 5 }, (_, index) => <li key={index} aria-hidden="true" className="h-28 animate-pulse rounded-xl bg-zinc-900" />)
        : categories.data.map((category, index) => {
            const Icon = ICONS[index % ICONS.length]!
            return (
              <li key={category.id}>
                <Link
                  to={`/${category.slug}`}
                  className={`flex h-full min-h-28 flex-col justify-between gap-4 rounded-xl border border-zinc-800 bg-gradient-to-br ${ACCENTS[index % ACCENTS.length]} to-zinc-900 p-4 transition-colors hover:border-zinc-600`}
                >
                  <Icon className="size-6 text-zinc-200" />
                  <span className="font-semibold text-white">{category.name}</span>
                </Link>
              </li>
            )
          })}
    </ul>
  )
}
