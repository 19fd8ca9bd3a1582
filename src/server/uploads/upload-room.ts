/**
 * The disk room unfinished uploads may claim. Each upload declares its length when it is created
 * and its remaining bytes will land on the disk the store and its database live on, so a new one
 * is admitted only while the bytes still to come of every unfinished upload, its own included,
 * fit in the free space less a reserve, and while fewer than a fixed number are unfinished.
 * Without this, a few hundred started-and-abandoned 5 GB uploads could claim terabytes.
 *
 * What is unfinished is read from the upload store's own folder each time (finished ones are
 * there whole, attached and cancelled ones are gone), so it holds for every process sharing that
 * folder. Memory only bridges the few milliseconds between admitting an upload and tus writing
 * its info file: `created` ends that as soon as the file is written.
 */
import { mkdir, statfs } from 'node:fs/promises'
import type { FileStore } from '@tus/file-store'

/** Kept free for the database, logs and the files being stored: 1 GiB. */
const UPLOAD_RESERVE_BYTES = 1024 ** 3
/** Unfinished uploads at once; an owner sends a handful, abandoned ones expire after a day. */
const MAX_UNFINISHED_UPLOADS = 20
/** How long an admitted upload whose creation never reported (it failed) still counts from memory. */
const ADMITTED_GRACE_MS = 60_000

export interface UploadRoomOptions {
  /** Free bytes to keep; UPLOAD_RESERVE_BYTES by default. */
  reserveBytes?: number | undefined
  /** MAX_UNFINISHED_UPLOADS by default. */
  maxUnfinished?: number | undefined
  /** The free bytes of the disk holding `directory` (statfs); tests give a figure. */
  freeBytes?: ((directory: string) => Promise<number>) | undefined
}

/** A new upload the disk has no room for: its message tells the owner what to do. */
export class UploadsFullError extends Error {}

async function diskFreeBytes(directory: string): Promise<number> {
  const disk = await statfs(directory)
  return disk.bavail * disk.bsize
}

function shownBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`
  const mb = bytes / 1024 ** 2
  return `${mb >= 10 ? Math.round(mb) : mb.toFixed(1)} MB`
}

export function createUploadRoom({
  directory,
  datastore,
  expiryMs,
  reserveBytes = UPLOAD_RESERVE_BYTES,
  maxUnfinished = MAX_UNFINISHED_UPLOADS,
  freeBytes = diskFreeBytes,
}: UploadRoomOptions & { directory: string; datastore: FileStore; expiryMs: number }) {
  const admitted = new Map<string, { size: number; at: number }>()
  let queue: Promise<unknown> = Promise.resolve()

  /** The unfinished uploads that may still receive bytes, and how many bytes they still expect. */
  async function unfinished(now: number): Promise<{ count: number; bytesToCome: number }> {
    await mkdir(directory, { recursive: true })
    const ids = await datastore.configstore.list!()
    let count = 0
    let bytesToCome = 0
    for (const id of ids) {
      admitted.delete(id)
      const upload = await datastore.getUpload(id).catch(() => null)
      if (!upload || upload.size === undefined || upload.offset >= upload.size) continue
      // An expired upload takes no more bytes (tus answers 410) and the hourly sweep removes it.
      if (upload.creation_date && Date.parse(upload.creation_date) + expiryMs < now) continue
      count++
      bytesToCome += upload.size - upload.offset
    }
    for (const [id, { size, at }] of admitted) {
      if (at + ADMITTED_GRACE_MS < now) admitted.delete(id)
      else {
        count++
        bytesToCome += size
      }
    }
    return { count, bytesToCome }
  }

  async function admitNow(id: string, size: number): Promise<void> {
    const now = Date.now()
    const { count, bytesToCome } = await unfinished(now)
    if (count >= maxUnfinished) {
      throw new UploadsFullError(
        `${count} uploads are unfinished, the most the store keeps at once: finish or cancel one of them first (an abandoned upload expires a day after it started)`,
      )
    }
    const free = await freeBytes(directory)
    if (size > free - reserveBytes - bytesToCome) {
      const waiting = count > 0 ? `, ${shownBytes(bytesToCome)} still to come for ${count} unfinished upload${count === 1 ? '' : 's'}` : ''
      throw new UploadsFullError(
        `The server has no room for this ${shownBytes(size)} upload (${shownBytes(Math.max(0, free))} free on its disk, ${shownBytes(reserveBytes)} kept in reserve${waiting}): finish or cancel other uploads first, or free disk space on the server`,
      )
    }
    admitted.set(id, { size, at: now })
  }

  return {
    /** Admits a new upload of `size` bytes, or throws UploadsFullError. One admission at a time, so two uploads started together both count. */
    admit(id: string, size: number): Promise<void> {
      const admission = queue.then(() => admitNow(id, size))
      queue = admission.catch(() => {})
      return admission
    },
    /**
     * The admitted upload's info file is written (tus's POST_CREATE): from now on the store's
     * listing counts it, and stops counting it once it is finished, taken or cancelled. Before
     * this, an upload taken or cancelled ahead of the next admission was never seen listed and
     * counted from memory for a minute, so an owner adding twenty files in a minute was refused.
     */
    created(id: string): void {
      admitted.delete(id)
    },
  }
}
