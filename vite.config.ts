import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

// The API runs on API_PORT in development; Vite proxies /api and /media to it.
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3001}`

// Two builds: the browser's (dist/client, with a manifest naming each page's chunks) and the
// server's renderer of the storefront pages (`--ssr`, dist/ssr).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  publicDir: 'src/client/public',
  build: isSsrBuild
    ? { outDir: 'dist/ssr', emptyOutDir: true, sourcemap: false, copyPublicDir: false }
    : { outDir: 'dist/client', emptyOutDir: true, sourcemap: false, manifest: true },
  server: { port: 3000, proxy: { '/api': apiTarget, '/media': apiTarget, '/healthz': apiTarget } },
}))
