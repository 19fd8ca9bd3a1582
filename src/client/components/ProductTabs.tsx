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
      <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="flex gap-1 overflow-x-auto border-b border-zinc-800 [scrollbar-width:none]">
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
              className={`-mb-px shrink-0 border-b-2 px-4 py-3 text-sm font-semibold transition-colors ${
                isSelected ? 'border-brand-400 text-white' : 'border-transparent text-zinc-400 hover:text-zinc-200'
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
