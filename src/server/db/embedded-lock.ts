/**
 * The embedded database (PGlite) is a directory one process may open at a time. A store that
 * opens it writes its process id beside it; the owner CLI reads it and refuses to open the
 * database while that process is alive (a file left by a crashed store names a dead process
 * and is ignored).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs'

/** Records this process as the one serving the embedded database; answers a function that clears it. */
export function markEmbeddedDatabaseInUse(pidFile: string): () => void {
  writeFileSync(pidFile, `${process.pid}\n`)
  return () => {
    if (runningProcessOf(pidFile) === process.pid) rmSync(pidFile, { force: true })
  }
}

/** The live process serving the embedded database, or null when none is. */
export function runningProcessOf(pidFile: string): number | null {
  let pid: number
  try {
    pid = Number(readFileSync(pidFile, 'utf8').trim())
  } catch {
    return null
  }
  if (!Number.isInteger(pid) || pid <= 0) return null
  try {
    process.kill(pid, 0)
    return pid
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it is still running.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null
  }
}
