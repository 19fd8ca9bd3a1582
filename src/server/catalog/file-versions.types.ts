/**
 * What the catalog tells of a product's file version it just made live, the one announcement
 * the orders turn into buyers' emails and extra downloads (file-updates.service.ts) and the
 * publish-file-version flow hands from one to the other. A leaf: it imports only shared types.
 */
import type { LiveFileVersion } from '../../shared/contract/product-file-versions.ts'

/** What buyers are told of a version that just went live. */
export interface FileVersionAnnouncement {
  productId: string
  productName: string
  version: LiveFileVersion
}
