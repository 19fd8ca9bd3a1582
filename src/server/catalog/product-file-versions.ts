/**
 * A product's file versions, numbered from 1. A file the owner adds is streamed into file storage
 * (size and sha256 recorded) and becomes the next version: a draft, which changes nothing buyers
 * download, unless the product has no live version yet (nobody can have bought its file, so the
 * first one goes live at once). Publishing a version, a draft or an earlier one (a restore),
 * copies it to the product's file columns, which downloads read, in one transaction with its audit
 * entry and the announcement to buyers. Stored files of versions are never deleted here: a
 * version can always be restored.
 */
import { createReadStream } from 'node:fs'
import { and, desc, eq, sql } from 'drizzle-orm'
import { PRODUCT_ADMIN_MESSAGES } from '../../shared/contract/admin-products.ts'
import { FILE_VERSION_ACTIONS, FILE_VERSION_MESSAGES, type FileVersionView, type ProductFileVersions } from '../../shared/contract/product-file-versions.ts'
import { isUuid } from '../../shared/ids.ts'
import type { Database, Executor } from '../db/client.ts'
import { AppError, notFound } from '../http/errors.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { StorageLimitError } from '../storage/file-storage.ts'
import { productFileVersions, products, type ProductFileVersionRow, type ProductRow } from './catalog.schema.ts'
import type { FileVersionAnnouncement } from './file-versions.types.ts'
import { freshTag, mediaStateOf, storageFileName, type MediaAudit, type ProductMediaState } from './product-media.ts'

/** Who the version of a file stored before versions were recorded names as its uploader (as migration 0014 does). */
const UPLOADED_BEFORE_VERSIONS = 'before file versions'
const FILE_NAME_MAX_LENGTH = 255

/** Who added a version: an admin's account, or the owner CLI (no account). */
export interface FileVersionUploader {
  id: string | null
  email: string
}

export interface NewFileVersion {
  changelog: string | null
  uploadedBy: FileVersionUploader
}

/** A publish is audited as a publish, or as a restore when the version was live before; the catalog names which. */
export type FileVersionAudit = (
  tx: Executor,
  productId: string,
  entry: { action: string; before: Record<string, unknown>; after: Record<string, unknown> },
) => Promise<void>

/** Runs inside the publish's transaction (emails and extra downloads stand or fall with it); what it answers is handed back. */
export type AnnounceFileVersion<T> = (tx: Executor, announcement: FileVersionAnnouncement) => Promise<T>

/** A product's versions as the catalog knows them (who may download them is the orders' to count). */
export type FileVersionList = Omit<ProductFileVersions, 'buyersWithAccess'>

export interface AddedFileVersion {
  /** The product's files as the owner's screens show them (the live file, unchanged by a draft). */
  media: ProductMediaState
  version: FileVersionView
}

export interface ProductFileVersionsDeps {
  db: Database
  /** Paid files, served only through download grants. */
  files: FileStorage
  /** MAX_UPLOAD_BYTES: the largest product file. */
  maxFileBytes: number
}

function versionView(row: ProductFileVersionRow, liveVersion: number | null): FileVersionView {
  return {
    number: row.number,
    fileName: row.fileName,
    size: row.size,
    sha256: row.sha256,
    changelog: row.changelog,
    uploadedBy: row.uploadedBy,
    uploadedAt: row.uploadedAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    live: row.number === liveVersion,
  }
}

/** What the audit log says of a version. */
const versionFacts = (row: Pick<ProductFileVersionRow, 'number' | 'fileName' | 'size' | 'sha256'> | null) => ({
  version: row?.number ?? null,
  file: row?.fileName ?? null,
  bytes: row?.size ?? null,
  sha256: row?.sha256 ?? null,
})

export function createProductFileVersions({ db, files, maxFileBytes }: ProductFileVersionsDeps) {
  async function findProduct(executor: Executor, productId: string, { lock }: { lock: boolean }): Promise<ProductRow> {
    if (!isUuid(productId)) throw notFound(PRODUCT_ADMIN_MESSAGES.notFound)
    const query = executor.select().from(products).where(eq(products.id, productId))
    const [row] = lock ? await query.for('update') : await query
    if (!row) throw notFound(PRODUCT_ADMIN_MESSAGES.notFound)
    return row
  }

  async function versionRows(executor: Executor, productId: string): Promise<ProductFileVersionRow[]> {
    return executor.select().from(productFileVersions).where(eq(productFileVersions.productId, productId)).orderBy(desc(productFileVersions.number))
  }

  /** Points the product's file columns (what downloads read) at a version. */
  async function makeLive(tx: Executor, productId: string, version: ProductFileVersionRow): Promise<ProductRow> {
    const [saved] = await tx
      .update(products)
      .set({ fileUrl: version.storageKey, fileSize: version.size, fileSha256: version.sha256, liveFileVersion: version.number, updatedAt: sql`now()` })
      .where(eq(products.id, productId))
      .returning()
    return saved!
  }

  /**
   * A product whose file was set without a version (written straight into its row) keeps that
   * file as version 1, published, so a new upload is a draft beside it rather than replacing what
   * buyers may already download.
   */
  async function adoptUnversionedFile(tx: Executor, product: ProductRow): Promise<ProductRow> {
    if (product.liveFileVersion !== null || !product.fileUrl) return product
    const [existing] = await tx
      .select()
      .from(productFileVersions)
      .where(eq(productFileVersions.productId, product.id))
      .orderBy(desc(productFileVersions.number))
      .limit(1)
    const number = (existing?.number ?? 0) + 1
    const [adopted] = await tx
      .insert(productFileVersions)
      .values({
        productId: product.id,
        number,
        storageKey: product.fileUrl,
        fileName: mediaStateOf(product).file!.name,
        size: product.fileSize,
        sha256: product.fileSha256,
        uploadedBy: UPLOADED_BEFORE_VERSIONS,
        uploadedAt: product.updatedAt,
        publishedAt: product.updatedAt,
      })
      .returning()
    return makeLive(tx, product.id, adopted!)
  }

  /** Streams the file into storage under a fresh key; refuses one over MAX_UPLOAD_BYTES (413) or empty (400) and keeps nothing of it. */
  async function storeFile(productId: string, source: { path: string; fileName: string }): Promise<{ key: string; size: number; sha256: string }> {
    const key = `products/${productId}/${freshTag()}-${storageFileName(source.fileName)}`
    let stored
    try {
      stored = await files.put(key, createReadStream(source.path), { maxBytes: maxFileBytes })
    } catch (error) {
      if (error instanceof StorageLimitError)
        throw new AppError(413, 'UPLOAD_TOO_LARGE', 'The product file is larger than the store accepts (MAX_UPLOAD_BYTES)')
      throw error
    }
    if (stored.size === 0) {
      await files.delete(key)
      throw new AppError(400, 'EMPTY_FILE', 'The product file is empty')
    }
    return { key, size: stored.size, sha256: stored.sha256 }
  }

  async function listFileVersions(productId: string): Promise<FileVersionList> {
    const product = await findProduct(db, productId, { lock: false })
    const rows = await versionRows(db, product.id)
    return { liveVersion: product.liveFileVersion, versions: rows.map((row) => versionView(row, product.liveFileVersion)) }
  }

  return {
    listFileVersions,

    /**
     * Stores the file and makes it the product's next version: a draft when the product has a
     * live version (buyers keep downloading that one), else live at once. Audited by `audit`.
     */
    async addFileVersion(
      productId: string,
      source: { path: string; fileName: string },
      { changelog, uploadedBy }: NewFileVersion,
      audit: MediaAudit,
    ): Promise<AddedFileVersion> {
      await findProduct(db, productId, { lock: false })
      const stored = await storeFile(productId, source)
      try {
        return await db.transaction(async (tx) => {
          const product = await adoptUnversionedFile(tx, await findProduct(tx, productId, { lock: true }))
          const liveVersion = product.liveFileVersion
          // Numbers are taken under the product's row lock: two uploads at once get the next two.
          const [{ last } = { last: 0 }] = await tx
            .select({ last: sql<number>`coalesce(max(${productFileVersions.number}), 0)`.mapWith(Number) })
            .from(productFileVersions)
            .where(eq(productFileVersions.productId, productId))
          const goesLive = liveVersion === null
          const [version] = await tx
            .insert(productFileVersions)
            .values({
              productId,
              number: last + 1,
              storageKey: stored.key,
              fileName: source.fileName.trim().slice(0, FILE_NAME_MAX_LENGTH) || storageFileName(source.fileName),
              size: stored.size,
              sha256: stored.sha256,
              changelog,
              uploadedById: uploadedBy.id,
              uploadedBy: uploadedBy.email,
              publishedAt: goesLive ? sql`now()` : null,
            })
            .returning()
          const saved = goesLive ? await makeLive(tx, productId, version!) : product
          await audit(tx, productId, { before: { liveVersion }, after: { ...versionFacts(version!), changelog, liveVersion: saved.liveFileVersion } })
          return { media: mediaStateOf(saved), version: versionView(version!, saved.liveFileVersion) }
        })
      } catch (error) {
        // Nothing points at the stored bytes: they go.
        await files.delete(stored.key).catch(() => {})
        throw error
      }
    },

    /**
     * Makes a version the one buyers download: a draft (its first publish) or an earlier one (a
     * restore, keeping its first publish date). The product's file columns, the audit entry and
     * whatever `announce` queues for buyers are one transaction. 404 for an unknown version, 409
     * for the live one.
     */
    async publishFileVersion<T = void>(
      productId: string,
      number: number,
      audit: FileVersionAudit,
      announce?: AnnounceFileVersion<T>,
    ): Promise<{ versions: FileVersionList; announced: T | undefined }> {
      const announced = await db.transaction(async (tx) => {
        const product = await findProduct(tx, productId, { lock: true })
        const [version] = Number.isSafeInteger(number)
          ? await tx
              .select()
              .from(productFileVersions)
              .where(and(eq(productFileVersions.productId, product.id), eq(productFileVersions.number, number)))
          : []
        if (!version) throw notFound(FILE_VERSION_MESSAGES.notFound, 'FILE_VERSION_NOT_FOUND')
        if (product.liveFileVersion === number) throw new AppError(409, 'FILE_VERSION_LIVE', FILE_VERSION_MESSAGES.alreadyLive)
        const restoring = version.publishedAt !== null
        const [published] = await tx
          .update(productFileVersions)
          .set({ publishedAt: sql`coalesce(${productFileVersions.publishedAt}, now())` })
          .where(eq(productFileVersions.id, version.id))
          .returning()
        const [wasLive] =
          product.liveFileVersion === null
            ? []
            : await tx
                .select()
                .from(productFileVersions)
                .where(and(eq(productFileVersions.productId, product.id), eq(productFileVersions.number, product.liveFileVersion)))
        await makeLive(tx, product.id, published!)
        await audit(tx, product.id, {
          action: restoring ? FILE_VERSION_ACTIONS.restore : FILE_VERSION_ACTIONS.publish,
          before: versionFacts(wasLive ?? null),
          after: versionFacts(published!),
        })
        return announce?.(tx, {
          productId: product.id,
          productName: product.name,
          version: { number: published!.number, publishedAt: published!.publishedAt!.toISOString(), changelog: published!.changelog },
        })
      })
      return { versions: await listFileVersions(productId), announced }
    },
  }
}
