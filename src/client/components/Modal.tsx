/**
 * An accessible modal dialog: focus moves into it and stays there (Tab wraps), Escape and a
 * click on the backdrop close it, page scroll is locked while it is open, and focus returns to
 * where it was when it closes.
 */
import { useId, useRef, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useDialogBehavior } from './use-dialog-behavior.ts'

interface ModalProps {
  title: string
  onClose: () => void
  children: ReactNode
}

export function Modal({ title, onClose, children }: ModalProps) {
  const titleId = useId()
  const dialog = useRef<HTMLDivElement>(null)
  useDialogBehavior(dialog, true, onClose)

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
      {/* The backdrop is a pointer convenience; keyboard users have Escape and the Close button. */}
      <div data-testid="modal-backdrop" className="absolute inset-0 bg-black/70 backdrop-blur-sm" onClick={onClose} aria-hidden="true" />
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="relative w-full max-w-md animate-fade-in rounded-2xl border border-zinc-700 bg-zinc-900 p-6 shadow-2xl shadow-black/50 outline-none sm:p-8"
      >
        <h2 id={titleId} className="text-xl font-bold tracking-tight text-white">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  )
}
