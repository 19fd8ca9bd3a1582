import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

// The API runs on API_PORT in development; Vite proxies /api and /media to it.
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3001}`

export default defineConfig({
  plugins: [react(), tailwindcss()],
  publicDir: 'src/client/public',
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: false },
  server: { port: 3000, proxy: { '/api': apiTarget, '/media': apiTarget, '/healthz': apiTarget } },
})
