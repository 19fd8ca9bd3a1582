/** The learn page's documentation: a search box that filters guides by title, and the guides by group. */
import { useId, useState } from 'react'
import type { DocGroup } from './learn-docs.ts'

export function DocsBrowser({ groups }: { groups: readonly DocGroup[] }) {
  const [query, setQuery] = useState('')
  const searchId = useId()
  const needle = query.trim().toLowerCase()
  const visible = groups
    .map((group) => ({ ...group, entries: group.entries.filter((entry) => entry.title.toLowerCase().includes(needle)) }))
    .filter((group) => group.entries.length > 0)
  const count = visible.reduce((total, group) => total + group.entries.length, 0)

  return (
    <div>
      <label htmlFor={searchId} className="sr-only">
        Search documentation
      </label>
      <div className="relative max-w-xl">
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          fill="currentColor"
          className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-zinc-400"
        >
          <path
            fillRule="evenodd"
            d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.58 3.58a.75.75 0 1 1-1.06 1.06l-3.58-3.58A7 7 0 0 1 2 9Z"
            clipRule="evenodd"
          />
        </svg>
        <input
          id={searchId}
          type="search"
          placeholder="Search documentation..."
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="w-full rounded-lg border border-zinc-700 bg-zinc-900 py-3 pr-4 pl-11 text-zinc-100 placeholder:text-zinc-500 focus:border-brand-400 focus:outline-none"
        />
      </div>
      <p role="status" className="mt-3 text-sm text-zinc-400">
        {needle ? (count === 0 ? `No guides match "${query.trim()}".` : `${count} ${count === 1 ? 'guide matches' : 'guides match'} "${query.trim()}".`) : ''}
      </p>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        {visible.map((group) => (
          <section key={group.title} aria-label={group.title} className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6">
            <h3 className="text-lg font-semibold text-white">{group.title}</h3>
            <p className="mt-1 text-sm text-zinc-400">{group.description}</p>
            <ul className="mt-4 flex flex-col gap-2">
              {group.entries.map((entry) => (
                <li key={entry.id}>
                  <details className="group rounded-lg border border-zinc-800 bg-zinc-950/40 open:border-zinc-700">
                    <summary className="flex cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 text-sm font-medium text-zinc-100 hover:text-white [&::-webkit-details-marker]:hidden">
                      {entry.title}
                      <span aria-hidden="true" className="text-brand-300 transition-transform group-open:rotate-90">
                        ›
                      </span>
                    </summary>
                    <div className="px-4 pb-4">
                      {entry.body.map((paragraph) => (
                        <p key={paragraph.slice(0, 24)} className="mt-2 text-sm leading-relaxed text-zinc-300 first:mt-0">
                          {paragraph}
                        </p>
                      ))}
                    </div>
                  </details>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  )
}
