/**
 * Connects the client's server-render entry to this app: the renderer asks the store's own API
 * in-process (`app.inject`: no socket, no cookie, so only public answers, served from the
 * catalog cache), and takes the same settings the pages are handed.
 */
import type { FastifyInstance } from 'fastify'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ClientSettings, PageRenderer } from './client-app.ts'

/** The factory `src/client/server-render/entry-server.tsx` exports. */
export type CreatePageRenderer = (options: { settings: ClientSettings; fetchApi: typeof fetch }) => PageRenderer

/** The renderer `npm run build` wrote beside the client (dist/ssr), or null before a build. */
export async function importBuiltRenderer(clientDir: string): Promise<CreatePageRenderer | null> {
  const entry = join(clientDir, '..', 'ssr', 'entry-server.js')
  if (!existsSync(entry)) return null
  const module = (await import(pathToFileURL(entry).href)) as { createPageRenderer: CreatePageRenderer }
  return module.createPageRenderer
}

/** Keeps rendered pages until the catalog changes (the catalog cache's pages). */
interface RenderedPageCache {
  page<T>(pathAndQuery: string, render: () => Promise<T>): Promise<T>
}

/**
 * The page renderer, loaded with the first page asked for (React and the pages are not part of
 * the start-up); answers null for every page when there is none (before a build).
 */
export function lazyPageRenderer(
  app: FastifyInstance,
  settings: ClientSettings,
  load: () => Promise<CreatePageRenderer | null>,
  cache: RenderedPageCache,
): PageRenderer {
  let renderer: Promise<PageRenderer | null> | null = null
  return async (pathAndQuery) => {
    renderer ??= load().then((create) => (create ? create({ settings, fetchApi: inProcessFetch(app) }) : null))
    const render = await renderer
    // A rendered page holds only public catalog data, so one rendering serves every visitor until the catalog changes.
    return render ? cache.page(pathAndQuery, () => render(pathAndQuery)) : null
  }
}

function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const answer = await app.inject({ method: (init?.method ?? 'GET') as 'GET', url: String(input), headers: { accept: 'application/json' } })
    return new Response(answer.statusCode === 204 || answer.statusCode === 304 ? null : answer.payload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    })
  }
}
