import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

// The API runs on API_PORT in development; Vite proxies /api and /media to it.
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3001}`

/**
 * The storefront arrives painted by the server, so the app's scripts only hydrate it: they load
 * at low priority and leave the bandwidth of the first moments to the page's stylesheet and its
 * first image.
 */
function scriptsAfterPaint(): Plugin {
  return {
    name: 'als-scripts-after-paint',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/<(script type="module"|link rel="modulepreload") crossorigin/g, '<$1 fetchpriority="low" crossorigin'),
    },
  }
}

// Two builds: the browser's (dist/client, with a manifest naming each page's chunks) and the
// server's renderer of the storefront pages (`--ssr`, dist/ssr).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), scriptsAfterPaint()],
  publicDir: 'src/client/public',
  build: {
    // The entry's own imports are named in index.html, and the app it starts is preloaded with
    // its imports (React) when it starts; a lazy page's chunks are not preloaded by the app.
    // Preloading them meant inserting a link per chunk into the head while the page hydrated, a
    // 40-150 ms main-thread task on a phone (Lighthouse TBT on /products, five runs each: median
    // 757 ms with them, 587 without). The browser then fetches a page's imports as it reads them:
    // a round trip per level of a page's imports when the shopper goes to a page not seen yet.
    // Every browser the store serves preloads modules itself: no polyfill runs at start.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostId, hostType }) => (hostType === 'html' || /^assets\/index-[^/]+\.js$/.test(hostId) ? deps : []),
    },
    ...(isSsrBuild
      ? { outDir: 'dist/ssr', emptyOutDir: true, sourcemap: false, copyPublicDir: false }
      : { outDir: 'dist/client', emptyOutDir: true, sourcemap: false, manifest: true }),
    rolldownOptions: {
      // A feature's public.ts only re-exports and runs nothing of its own: a chunk that uses one of
      // its exports loads that module alone, not every module the file names (the app shell imports
      // the cart's and the catalog's public files, and would otherwise load their pages' code).
      treeshake: { moduleSideEffects: [{ test: /\/src\/client\/features\/[^/]+\/public\.ts$/, sideEffects: false }] },
      // The entry (main.tsx and the stylesheet) stays small: it loads the rest after the page's
      // first paint. What it starts comes in three chunks rather than two dozen small shared ones
      // (each a request, and a preload link the browser inserts on the main thread): the tiny
      // preload helper, React with the libraries every page runs, and the app shell, which is
      // built as an entry of its own so `$initial` (what an entry reaches through static imports,
      // once unused exports are dropped) names its code. Pages keep their own chunks: evaluating
      // every storefront page's code at start would make one long task of it.
      ...(isSsrBuild
        ? {}
        : {
            input: { index: 'index.html', 'start-app': 'src/client/app/start-app.tsx' },
            output: {
              codeSplitting: {
                groups: [
                  { name: 'preload', test: /vite[\\/](preload-helper|modulepreload-polyfill)/, priority: 3 },
                  // What the entry runs at once holds the early taps; a chunk of its own, or it would
                  // land in the app shell (App.tsx reads its event's name) and the entry would load
                  // and run React and the shell before the lead image.
                  { name: 'early-clicks', test: /[\\/]src[\\/]client[\\/]app[\\/]early-clicks\.ts$/, priority: 4 },
                  {
                    name: 'react',
                    test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|zustand|react-hot-toast|goober)[\\/]/,
                    priority: 2,
                  },
                  { name: 'shell', tags: ['$initial'], test: /[\\/]src[\\/](client|shared)[\\/](?!main\.tsx$|styles\.css$)/, priority: 1 },
                ],
              },
            },
          }),
    },
  },
  server: { port: 3000, proxy: { '/api': apiTarget, '/media': apiTarget, '/healthz': apiTarget } },
}))
