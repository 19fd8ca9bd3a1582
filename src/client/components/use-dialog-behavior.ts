/**
 * What an open dialog or drawer owes keyboard and touch users: focus moves into it and stays
 * there (Tab wraps), Escape closes it, page scroll is locked, and focus returns to where it was
 * when it closes. Active only while `open` is true.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react'

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

export function useDialogBehavior(container: RefObject<HTMLElement | null>, open: boolean, onClose: () => void): void {
  const closeRef = useRef(onClose)
  useLayoutEffect(() => {
    closeRef.current = onClose
  })

  useEffect(() => {
    if (!open) return
    const previouslyFocused = document.activeElement as HTMLElement | null
    const { overflow, paddingRight } = document.body.style
    // Keep the layout from shifting when the scrollbar disappears.
    const scrollbar = window.innerWidth - document.documentElement.clientWidth
    document.body.style.overflow = 'hidden'
    if (scrollbar > 0) document.body.style.paddingRight = `${scrollbar}px`
    const first = container.current?.querySelector<HTMLElement>(FOCUSABLE)
    ;(first ?? container.current)?.focus()

    function onKeyDown(event: KeyboardEvent) {
      const root = container.current
      if (event.key === 'Escape') {
        event.preventDefault()
        closeRef.current()
        return
      }
      if (event.key !== 'Tab' || !root) return
      const focusable = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE))
      if (focusable.length === 0) {
        event.preventDefault()
        return
      }
      const firstItem = focusable[0]!
      const lastItem = focusable[focusable.length - 1]!
      const active = document.activeElement
      if (event.shiftKey && (active === firstItem || !root.contains(active))) {
        event.preventDefault()
        lastItem.focus()
      } else if (!event.shiftKey && (active === lastItem || !root.contains(active))) {
        event.preventDefault()
        firstItem.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.body.style.overflow = overflow
      document.body.style.paddingRight = paddingRight
      // Back to the control that opened it, unless a navigation already moved focus elsewhere.
      if (previouslyFocused?.isConnected) previouslyFocused.focus()
    }
  }, [open, container])
}
