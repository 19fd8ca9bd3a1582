/** A tile per category linking to its page (/{slug}), for the home page. */
import type { ComponentType, SVGProps } from 'react'
import { Link } from 'react-router'
import { SlidersIcon, WaveIcon } from '../../components/Icons.tsx'
import { useCategories } from './api/get-categories.ts'

const ACCENTS = ['from-violet-600/30', 'from-sky-600/30', 'from-emerald-600/30', 'from-amber-600/30', 'from-rose-600/30', 'from-fuchsia-600/30']

function KeysIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinejoin="round" aria-hidden="true" {...props}>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M8 4v9m4-9v9m4-9v9M8 13v7m8-7v7M12 13v7" />
    </svg>
  )
}

function PianoRollIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.2} strokeLinecap="round" aria-hidden="true" {...props}>
      <path d="M3 6h6m3 0h3M6 11h8m3 0h4M3 16h4m4 0h7M9 20h5" />
    </svg>
  )
}

function WrenchIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" {...props}>
      <path d="M14.7 6.3a4 4 0 0 0 5 5L21 12.6a6 6 0 0 1-7.6 1.4L7 20.4a2 2 0 0 1-2.8-2.8L10.6 11A6 6 0 0 1 12 3.4l1.3 1.3a4 4 0 0 0 1.4 1.6Z" />
    </svg>
  )
}

const ICONS: Record<string, ComponentType<SVGProps<SVGSVGElement>>> = {
  'sample-packs': WaveIcon,
  'midi-packs': PianoRollIcon,
  instruments: KeysIcon,
  processors: SlidersIcon,
  tools: WrenchIcon,
}

export function CategoryTiles() {
  const categories = useCategories()
  if (categories.isError) return null
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-5">
      {categories.isPending
        ? Array.from({ length: 5 }, (_, index) => <li key={index} aria-hidden="true" className="h-28 animate-pulse rounded-xl bg-zinc-900" />)
        : categories.data.map((category, index) => {
            const Icon = ICONS[category.slug] ?? WaveIcon
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
