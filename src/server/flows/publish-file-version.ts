/**
 * Publish a file version: a version of a product's file becomes the one buyers download (a draft
 * published, or an earlier version restored), called by the owner console's route
 * (admin-product-file-versions.routes.ts) and the owner CLI (`owner product file publish|restore`)
 * alike, so both audit it and tell buyers the same way:
 *
 *   1. makeVersionLive   – the catalog makes the version live, in one transaction with the next two steps (product-files.service.ts)
 *   2. recordPublish     – its audit entry, a publish or a restore as the catalog names it, with what the owner gave buyers
 *   3. announceToBuyers  – the "update available" emails and extra downloads the owner chose (file-updates.service.ts)
 *
 * and once it commits, 4. wakeOutbox: the store's mailer sends the emails at once (the CLI has no
 * mailer of its own: the running store delivers what it queued).
 */
import type { ProductFileVersions, PublishFileVersionOptions } from '../../shared/contract/product-file-versions.ts'
import type { AuditService } from '../audit/audit.service.ts'
import type { AuditActor } from '../audit/audit.types.ts'
import type { ProductFilesService } from '../catalog/product-files.service.ts'
import type { FileVersionAnnouncement } from '../catalog/file-versions.types.ts'
import type { Executor } from '../db/client.ts'
import type { Mailer } from '../email/mailer.ts'
import type { FileUpdatesService } from '../orders/file-updates.service.ts'

export interface PublishFileVersionDeps {
  catalog: Pick<ProductFilesService, 'publishFileVersion'>
  /** What buyers get when a version is published. */
  orders: Pick<FileUpdatesService, 'announceFileVersion'>
  audit: Pick<AuditService, 'record'>
  /** Wakes the outbox worker once the update emails are committed; absent in the owner CLI. */
  mailer?: Pick<Mailer, 'nudge'>
}

export interface PublishFileVersionInput extends PublishFileVersionOptions {
  productId: string
  /** The version's number (404 for an unknown one, 409 for the live one). */
  number: number
  actor: AuditActor
}

export interface PublishedFileVersion {
  /** The product's versions once it is live (who may download them is the orders' to count). */
  versions: Omit<ProductFileVersions, 'buyersWithAccess'>
  emailsQueued: number
  itemsGivenADownload: number
}

/** The change the catalog audits: a publish or a restore, and the versions' facts before and after. */
interface PublishChange {
  action: string
  before: Record<string, unknown>
  after: Record<string, unknown>
}

/** 2. The publish's audit entry on the product, in the publish's transaction; what the owner gave buyers is part of it. */
export function recordPublish({ audit }: PublishFileVersionDeps, { actor, notifyBuyers, extraDownload }: PublishFileVersionInput) {
  return (tx: Executor, productId: string, change: PublishChange) =>
    audit.record(tx, {
      actor,
      action: change.action,
      subject: { type: 'product', id: productId },
      before: change.before,
      after: { ...change.after, notifyBuyers, extraDownload },
    })
}

/** 3. The buyers' emails and extra downloads, in the publish's transaction: they commit with it or not at all. */
export function announceToBuyers({ orders }: PublishFileVersionDeps, { notifyBuyers, extraDownload }: PublishFileVersionInput) {
  return (tx: Executor, announcement: FileVersionAnnouncement) => orders.announceFileVersion(tx, { ...announcement, notifyBuyers, extraDownload })
}

/** Makes the version live with its audit entry and what buyers get; wakes the outbox when emails were queued. */
export async function publishFileVersion(deps: PublishFileVersionDeps, input: PublishFileVersionInput): Promise<PublishedFileVersion> {
  // 1. The catalog's publish runs steps 2 and 3 inside its transaction.
  const { versions, announced } = await deps.catalog.publishFileVersion(
    input.productId,
    input.number,
    recordPublish(deps, input),
    announceToBuyers(deps, input),
  )
  // 4. Buyers hear of the version at once.
  if (announced && announced.emailsQueued > 0) deps.mailer?.nudge()
  return { versions, emailsQueued: announced?.emailsQueued ?? 0, itemsGivenADownload: announced?.itemsGivenADownload ?? 0 }
}
