/**
 * Starts the app in the page: takes over the markup the server rendered (with the query cache it
 * was rendered from) or, for a page the browser renders alone, renders it. Loaded by main.tsx.
 */
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { hydrate, type DehydratedState } from '@tanstack/react-query'
import { createQueryClient } from '../api/query-client.ts'
import { App } from './App.tsx'

export function startApp(root: HTMLElement): void {
  const queryClient = createQueryClient()
  const serverState = document.getElementById('als-query-state')?.textContent
  if (serverState) hydrate(queryClient, JSON.parse(serverState) as DehydratedState)
  const app = (
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>
  )
  // Hydrating as a transition lets React yield to the browser every few milliseconds instead of
  // holding the main thread for the whole page; a tap on a part not yet hydrated hydrates it first.
  if (serverState && root.firstElementChild) startTransition(() => void hydrateRoot(root, app))
  else createRoot(root).render(app)
}
