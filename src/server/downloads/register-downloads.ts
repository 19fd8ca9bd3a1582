/**
 * Wires purchases, the download log, download grants and file delivery into the app, on the
 * given file storage (the local DATA_DIR/files directory unless a test or a bucket says otherwise).
 */
import type { FastifyInstance } from 'fastify'
import { DOWNLOAD_URL_TTL_SECONDS } from '../../shared/contract/downloads.ts'
import type { AppConfig } from '../config.ts'
import type { Database } from '../db/client.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { downloadFileRoutes } from './download-file.routes.ts'
import { createDownloadLinkSigner } from './download-links.ts'
import { downloadsRoutes } from './downloads.routes.ts'
import { createDownloadsService } from './downloads.service.ts'
import { purchasesRoutes } from './purchases.routes.ts'
import { createPurchasesService } from './purchases.service.ts'

export interface DownloadsDeps {
  config: Pick<AppConfig, 'authSecret'>
  db: Database
  storage: FileStorage
}

export async function registerDownloads(app: FastifyInstance, { config, db, storage }: DownloadsDeps): Promise<void> {
  const links = createDownloadLinkSigner(config.authSecret, DOWNLOAD_URL_TTL_SECONDS)
  const downloads = createDownloadsService({ db, storage, log: app.log })
  await app.register(purchasesRoutes(createPurchasesService(db)))
  await app.register(downloadsRoutes({ downloads, links }))
  await app.register(downloadFileRoutes({ downloads, links, storage, presignSeconds: DOWNLOAD_URL_TTL_SECONDS }))
}
