/**
 * A product's file versions, as the owner's console and CLI handle them and buyers see the live
 * one. Picking a file makes a draft version (a product with no file yet takes its first upload
 * live at once: no buyer is affected); a draft goes live only when the owner publishes it, and
 * publishing an earlier version restores it. Buyers always download the live version.
 */
import { z } from 'zod'

export const CHANGELOG_MAX_LENGTH = 200

/** One line for buyers, optional; an empty one is none. */
export const changelogSchema = z
  .string()
  .trim()
  .max(CHANGELOG_MAX_LENGTH, `The changelog must be at most ${CHANGELOG_MAX_LENGTH} characters`)
  .transform((value) => (value === '' ? null : value))

/** Who a version added from the owner CLI (which has no account) names as its uploader. */
export const OWNER_CLI_UPLOADER = 'owner CLI'

export const fileVersionSchema = z.object({
  number: z.number().int(),
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string().nullable(),
  changelog: z.string().nullable(),
  /** The admin's email, or "owner CLI" (OWNER_CLI_UPLOADER). */
  uploadedBy: z.string(),
  uploadedAt: z.string(),
  /** When it first went live; null for a draft never published. */
  publishedAt: z.string().nullable(),
  /** Whether buyers download this one now. */
  live: z.boolean(),
})
export type FileVersionView = z.infer<typeof fileVersionSchema>

/** `GET /api/admin/products/{id}/file-versions`: newest first. */
export const productFileVersionsSchema = z.object({
  liveVersion: z.number().int().nullable(),
  versions: z.array(fileVersionSchema),
  /** Buyers (distinct emails) whose items of this product can still be downloaded: who gets a newly published version. */
  buyersWithAccess: z.number().int(),
})
export type ProductFileVersions = z.infer<typeof productFileVersionsSchema>

/** `PUT /api/admin/products/{id}/file`: a finished upload becomes the next version. */
export const attachFileVersionSchema = z.strictObject({
  uploadId: z.string().trim().min(1).max(100),
  changelog: changelogSchema.optional(),
})

/** `POST /api/admin/products/{id}/file-versions/{number}/publish`: make it live (a draft, or an earlier version restored). */
export const publishFileVersionSchema = z.strictObject({
  /** One "update available" email per buyer with access (not to accounts that opted out), through the mail outbox. */
  notifyBuyers: z.boolean().default(false),
  /** One more download for each item of it that can still be downloaded. */
  extraDownload: z.boolean().default(false),
})
/** What the owner gives buyers with a publish, from the console or the CLI alike. */
export type PublishFileVersionOptions = z.output<typeof publishFileVersionSchema>

export const publishFileVersionResultSchema = z.object({
  versions: productFileVersionsSchema,
  emailsQueued: z.number().int(),
  itemsGivenADownload: z.number().int(),
})
export type PublishFileVersionResult = z.infer<typeof publishFileVersionResultSchema>

/** What buyers see of the version they download (the hub, the order page, the update email). */
export const liveFileVersionSchema = z.object({
  number: z.number().int(),
  publishedAt: z.string(),
  changelog: z.string().nullable(),
})
export type LiveFileVersion = z.infer<typeof liveFileVersionSchema>

/** The audit log's actions on file versions: a version added, a draft published, an earlier version restored. */
export const FILE_VERSION_ACTIONS = {
  add: 'product.file_version_add',
  publish: 'product.file_publish',
  restore: 'product.file_restore',
} as const

export const FILE_VERSION_MESSAGES = {
  notFound: 'This product has no file version with that number',
  alreadyLive: 'This version is already the one buyers download',
} as const

/** "Version 2 · 25 Nov 2026": how buyers see a live version. */
export function fileVersionLabel(version: Pick<LiveFileVersion, 'number'>): string {
  return `Version ${version.number}`
}
