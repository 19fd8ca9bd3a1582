/**
 * Starts the app in the page: takes over the markup the server rendered (with the query cache it
 * was rendered from) or, for a page the browser renders alone, renders it. Loaded by main.tsx.
 */
import { StrictMode, startTransition, useEffect } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { hydrate, type DehydratedState } from '@tanstack/react-query'
import { createQueryClient } from '../api/query-client.ts'
import { App } from './App.tsx'
import { APP_READY_EVENT } from './early-clicks.ts'

/** Says the app has taken the page over (its first commit), so a tap held before then is given again. */
function AppReady() {
  useEffect(() => void dispatchEvent(new Event(APP_READY_EVENT)), [])
  return null
}

export function startApp(root: HTMLElement): void {
  const queryClient = createQueryClient()
  const serverState = document.getElementById('als-query-state')?.textContent
  if (serverState) hydrate(queryClient, JSON.parse(serverState) as DehydratedState)
  const app = (
    <StrictMode>
      <App queryClient={queryClient} />
      <AppReady />
    </StrictMode>
  )
  // Hydrating as a transition lets React yield to the browser every few milliseconds instead of
  // holding the main thread for the whole page; a tap on a part not yet hydrated hydrates it first.
  if (serverState && root.firstElementChild) startTransition(() => void hydrateRoot(root, app))
  else createRoot(root).render(app)
}
