/**
 * A product's files: its paid file's versions (list, add a draft or the first live version,
 * publish or restore one: product-file-versions.ts) and its public media (replace the cover or
 * the preview, and discard a product nobody bought with the files held for it: product-media.ts).
 * Called by the owner's routes (admin/), the publish-file-version flow and the owner CLI; a new
 * file or media is in this process's next list at once (seen-at-once.ts).
 */
import type { Database } from '../db/client.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { createProductFileVersions } from './product-file-versions.ts'
import { createProductMedia, type ProductMediaDeps } from './product-media.ts'
import { seenAtOnce, type WriteSeenBy } from './seen-at-once.ts'

/** Where the owner's uploads are stored; a service without it (some tests) cannot take product files. */
export type CatalogStorage = Omit<ProductMediaDeps, 'db'>

const unavailable = () => {
  throw new Error('This catalog service was created without storage')
}
const noStorage: FileStorage = { kind: 'none', stat: unavailable, createReadStream: unavailable, put: unavailable, delete: unavailable }

/** `search`: the search engine told of each new file or media at once. */
export function createProductFilesService(db: Database, storage?: CatalogStorage, { search }: { search?: WriteSeenBy } = {}) {
  const deps = storage ? { db, ...storage } : { db, files: noStorage, media: noStorage, maxFileBytes: 0 }
  return {
    ...seenAtOnce(search, createProductMedia(deps), ['discardUnsoldProduct', 'replaceCover', 'replacePreview']),
    ...seenAtOnce(search, createProductFileVersions(deps), ['addFileVersion']),
  }
}

export type ProductFilesService = ReturnType<typeof createProductFilesService>
