/**
 * The server's renderer of the storefront pages: it loads a page's data through the store's own
 * API (answered in-process from the catalog cache), renders the app to HTML at that address once
 * every lazy page has loaded, and hands back the query cache the browser hydrates from. Built by
 * `vite build --ssr` into dist/ssr; the server imports it when it is there.
 */
import { dehydrate } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { Writable } from 'node:stream'
import { answerApiRequestsWith } from '../api/http.ts'
import { createQueryClient } from '../api/query-client.ts'
import { App } from '../app/App.tsx'
import { applyServerStoreConfig, type StoreConfig } from '../store-config.ts'
import { loadPageData } from './page-data.ts'

export interface RenderedPage {
  /** The app's markup, for inside `<div id="root">`. */
  html: string
  /** The query cache as JSON, safe inside a `<script>` element. */
  state: string
}

export interface PageRendererOptions {
  settings: StoreConfig
  /** Answers the app's API requests (the server's own routes, without a network hop or a cookie). */
  fetchApi: typeof fetch
  /** A page that takes longer than this is left to the browser. */
  timeoutMs?: number
}

/** Renders a storefront page, or answers null for a page the browser renders on its own. */
export type PageRenderer = (pathAndQuery: string) => Promise<RenderedPage | null>

export function createPageRenderer({ settings, fetchApi, timeoutMs = 5000 }: PageRendererOptions): PageRenderer {
  applyServerStoreConfig(settings)
  answerApiRequestsWith(fetchApi)
  return async (pathAndQuery) => {
    const queryClient = createQueryClient()
    if (!(await loadPageData(queryClient, new URL(pathAndQuery, 'http://store.invalid')))) return null
    const html = await renderToHtml(
      <StrictMode>
        <App queryClient={queryClient} location={pathAndQuery} />
      </StrictMode>,
      timeoutMs,
    )
    const state = JSON.stringify(dehydrate(queryClient)).replace(/</g, '\\u003c')
    queryClient.clear()
    return { html, state }
  }
}

/** The whole page at once (every lazy page loaded), so search engines and the first paint get it all. */
function renderToHtml(element: React.ReactNode, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = ''
    let failure: unknown = null
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString()
        done()
      },
      final(done) {
        if (failure) reject(failure instanceof Error ? failure : new Error(String(failure)))
        else resolve(html)
        done()
      },
    })
    const stream = renderToPipeableStream(element, {
      // Every boundary inline, in document order: no completion scripts (the store's policy runs no inline script).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        failure ??= error
      },
    })
    const timer = setTimeout(() => stream.abort(new Error(`The page took longer than ${timeoutMs} ms to render`)), timeoutMs)
    sink.on('finish', () => clearTimeout(timer))
  })
}
