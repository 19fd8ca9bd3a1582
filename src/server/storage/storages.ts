/**
 * The store's two storages from its configuration: paid product files and public media (covers,
 * previews). On local disk they are DATA_DIR/files and DATA_DIR/media; with STORAGE_URL both
 * live in one bucket, under `<prefix>/files` and `<prefix>/media`, so no process keeps a file
 * another process would need. The store and the owner CLI both build them here.
 */
import type { StorageConfig } from '../config.ts'
import { dataPaths } from '../paths.ts'
import type { FileStorage } from './file-storage.ts'
import { createLocalFileStorage } from './local-file-storage.ts'
import { createS3FileStorage } from './s3-file-storage.ts'

export interface StoreStorages {
  files: FileStorage
  media: FileStorage
}

/** `contentDisposition` names a presigned download's file (the download capability's rule). */
export function createStorages(storage: StorageConfig, dataDir: string, contentDisposition: (fileName: string) => string): StoreStorages {
  const paths = dataPaths(dataDir)
  if (storage.kind === 'local') return { files: createLocalFileStorage(paths.files), media: createLocalFileStorage(paths.media) }
  const { bucket, prefix, endpoint, region, forcePathStyle } = storage
  const folder = (name: string) => (prefix ? `${prefix}/${name}` : name)
  const options = { bucket, region, forcePathStyle, contentDisposition, ...(endpoint ? { endpoint } : {}) }
  return { files: createS3FileStorage({ ...options, prefix: folder('files') }), media: createS3FileStorage({ ...options, prefix: folder('media') }) }
}
