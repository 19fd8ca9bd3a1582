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
  build: isSsrBuild
    ? { outDir: 'dist/ssr', emptyOutDir: true, sourcemap: false, copyPublicDir: false }
    : { outDir: 'dist/client', emptyOutDir: true, sourcemap: false, manifest: true },
  server: { port: 3000, proxy: { '/api': apiTarget, '/media': apiTarget, '/healthz': apiTarget } },
}))
