/**
 * The filter panel on a phone: a sheet rising from the bottom, as a modal dialog (focus kept
 * inside, Escape and the backdrop close it, page scroll locked). Filters apply as they are
 * picked, so "Show N products" only closes it over a list that is already filtered.
 */
import { useId, useRef, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { CloseIcon } from '../../../components/Icons.tsx'
import { useDialogBehavior } from '../../../components/use-dialog-behavior.ts'

interface FilterSheetProps {
  onClose: () => void
  /** Products the filters leave; undefined while they load. */
  total: number | undefined
  /** Shows "Clear all" when something can be cleared. */
  onClearAll?: () => void
  children: ReactNode
}

export function FilterSheet({ onClose, total, onClearAll, children }: FilterSheetProps) {
  const titleId = useId()
  const sheet = useRef<HTMLDivElement>(null)
  useDialogBehavior(sheet, true, onClose)

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end">
      {/* The backdrop is a pointer convenience; keyboard users have Escape and the buttons. */}
      <div className="absolute inset-0 bg-black/70 backdrop-blur-sm" onClick={onClose} aria-hidden="true" />
      <div
        ref={sheet}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="relative flex max-h-[88dvh] w-full animate-fade-in flex-col rounded-t-2xl border-t border-zinc-700 bg-zinc-950 shadow-2xl shadow-black/60 outline-none"
      >
        <header className="flex items-center justify-between gap-3 border-b border-zinc-800 px-5 py-3.5">
          <h2 id={titleId} className="text-lg font-bold tracking-tight text-white">
            Filters
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close filters"
            className="-mr-2 rounded-md p-2 text-zinc-400 transition-colors hover:bg-zinc-800 hover:text-white"
          >
            <CloseIcon className="size-5" />
          </button>
        </header>
        <div className="flex-1 overflow-y-auto overscroll-contain px-5 py-5">{children}</div>
        <footer className="flex items-center gap-3 border-t border-zinc-800 bg-zinc-900/60 px-5 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
          {onClearAll && (
            <button type="button" onClick={onClearAll} className="btn btn-secondary">
              Clear all
            </button>
          )}
          <button type="button" onClick={onClose} className="btn btn-primary flex-1 py-3">
            {total === undefined ? 'Show products' : `Show ${total} ${total === 1 ? 'product' : 'products'}`}
          </button>
        </footer>
      </div>
    </div>,
    document.body,
  )
}
