import { rmSync } from 'node:fs'

// Each worker's store has a data directory of its own under E2E_DATA_DIR (~100 MB of media and files); remove them.
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR
  if (dir && dir.includes('als-e2e-')) rmSync(dir, { recursive: true, force: true })
}
