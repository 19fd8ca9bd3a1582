import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { hydrate, type DehydratedState } from '@tanstack/react-query'
import { createQueryClient } from './api/query-client.ts'
import { App } from './app/App.tsx'
import './styles.css'

const root = document.getElementById('root')!
const queryClient = createQueryClient()
// A storefront page arrives rendered, with the query cache it was rendered from beside it: the
// browser takes over that markup with the same data instead of painting the page again.
const serverState = document.getElementById('als-query-state')?.textContent
if (serverState) hydrate(queryClient, JSON.parse(serverState) as DehydratedState)

const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
)
if (serverState && root.firstElementChild) hydrateRoot(root, app)
else createRoot(root).render(app)
