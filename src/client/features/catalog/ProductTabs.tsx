/** Accessible tabs (tablist/tab/tabpanel, arrow keys move between tabs) for the product page's sections. */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

export interface TabDefinition {
  id: string
  label: string
  content: ReactNode
}

export function ProductTabs({ tabs, label }: { tabs: TabDefinition[]; label: string }) {
  const [selectedId, setSelectedId] = useState(tabs[0]?.id)
  const baseId = useId()
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([])
  const selected = tabs.find((tab) => tab.id === selectedId) ?? tabs[0]

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === selected?.id)
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }
    const target = moves[event.key]
    if (target === undefined) return
    event.preventDefault()
    const next = (target + tabs.length) % tabs.length
    setSelectedId(tabs[next]?.id)
    tabRefs.current[next]?.focus()
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="grid grid-cols-2 gap-1 rounded-xl border border-zinc-800 bg-zinc-900/60 p-1 sm:flex sm:w-fit"
      >
        {tabs.map((tab, index) => {
          const isSelected = tab.id === selected?.id
          return (
            <button
              key={tab.id}
              ref={(element) => {
                tabRefs.current[index] = element
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => setSelectedId(tab.id)}
              className={`rounded-lg px-4 py-2 text-sm font-semibold transition-colors ${
                isSelected ? 'bg-zinc-800 text-white shadow-sm ring-1 ring-zinc-700' : 'text-zinc-400 hover:bg-zinc-800/60 hover:text-zinc-200'
              }`}
            >
              {tab.label}
            </button>
          )
        })}
      </div>
      {selected && (
        <div
          role="tabpanel"
          id={`${baseId}-panel-${selected.id}`}
          aria-labelledby={`${baseId}-tab-${selected.id}`}
          tabIndex={0}
          className="animate-fade-in rounded-b-md py-6 focus-visible:outline-offset-4"
        >
          {selected.content}
        </div>
      )}
    </div>
  )
}
