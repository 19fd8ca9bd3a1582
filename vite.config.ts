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
    ...(isSsrBuild
      ? { outDir: 'dist/ssr', emptyOutDir: true, sourcemap: false, copyPublicDir: false }
      : { outDir: 'dist/client', emptyOutDir: true, sourcemap: false, manifest: true }),
    // A feature's public.ts only re-exports and runs nothing of its own: a chunk that uses one of
    // its exports loads that module alone, not every module the file names (the app shell imports
    // the cart's and the catalog's public files, and would otherwise load their pages' code).
    rolldownOptions: { treeshake: { moduleSideEffects: [{ test: /\/src\/client\/features\/[^/]+\/public\.ts$/, sideEffects: false }] } },
  },
  server: { port: 3000, proxy: { '/api': apiTarget, '/media': apiTarget, '/healthz': apiTarget } },
}))
