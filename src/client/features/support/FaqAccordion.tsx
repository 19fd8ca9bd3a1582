/** The support page's FAQ: questions in groups, one answer open at a time across all groups. */
import { useId, useState } from 'react'
import type { FaqGroup } from './support-faq.ts'

export function FaqAccordion({ groups }: { groups: readonly FaqGroup[] }) {
  const [openId, setOpenId] = useState<string | null>(null)
  const baseId = useId()

  return (
    <div className="flex flex-col gap-8">
      {groups.map((group) => (
        <div key={group.title}>
          <h3 className="mb-3 text-sm font-semibold tracking-widest text-brand-300 uppercase">{group.title}</h3>
          <ul className="divide-y divide-zinc-800 overflow-hidden rounded-2xl border border-zinc-800 bg-zinc-900/60">
            {group.entries.map((entry) => {
              const open = openId === entry.id
              const buttonId = `${baseId}-q-${entry.id}`
              const panelId = `${baseId}-a-${entry.id}`
              return (
                <li key={entry.id}>
                  <h4>
                    <button
                      type="button"
                      id={buttonId}
                      aria-expanded={open}
                      aria-controls={panelId}
                      onClick={() => setOpenId(open ? null : entry.id)}
                      className="flex w-full cursor-pointer items-center justify-between gap-4 px-5 py-4 text-left font-medium text-zinc-100 transition-colors hover:bg-zinc-800/50"
                    >
                      {entry.question}
                      <Chevron open={open} />
                    </button>
                  </h4>
                  <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!open} className="px-5 pb-5">
                    {entry.answer.map((paragraph) => (
                      <p key={paragraph.slice(0, 24)} className="mt-3 text-sm leading-relaxed text-zinc-300 first:mt-0">
                        {paragraph}
                      </p>
                    ))}
                  </div>
                </li>
              )
            })}
          </ul>
        </div>
      ))}
    </div>
  )
}

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="currentColor"
      className={`size-5 shrink-0 text-zinc-400 transition-transform ${open ? 'rotate-180' : ''}`}
    >
      <path
        fillRule="evenodd"
        d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z"
        clipRule="evenodd"
      />
    </svg>
  )
}
