import { rmSync } from 'node:fs'

// Each run seeds a fresh data directory (~100 MB of generated media and files); remove it.
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR
  if (dir && dir.includes('als-e2e-')) rmSync(dir, { recursive: true, force: true })
}
