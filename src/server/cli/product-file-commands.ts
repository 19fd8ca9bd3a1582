/**
 * `owner product file add|list|publish|restore`: a product's file versions from the command
 * line, under the same rules and audit entries as the owner console. A new file is a draft (live
 * at once only on a product without a file); `publish` makes a draft the one buyers download,
 * `restore` brings back an earlier published version; either may email the buyers and give each
 * one more download, through the publish-file-version flow the console's route runs
 * (src/server/flows/). `<product>` is the product's id or its exact name.
 */
import { constants } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import { basename, resolve } from 'node:path'
import type { Command } from 'commander'
import { changelogSchema, FILE_VERSION_ACTIONS, OWNER_CLI_UPLOADER, type FileVersionView } from '../../shared/contract/product-file-versions.ts'
import { isUuid } from '../../shared/ids.ts'
import { fileSizeMb } from '../../shared/product-view.ts'
import { createAuditService, type AuditService } from '../audit/audit.service.ts'
import type { AuditActor } from '../audit/audit.types.ts'
import { createProfileService } from '../auth/profile.service.ts'
import { createCatalogService } from '../catalog/catalog.service.ts'
import type { ProductAdminService } from '../catalog/product-admin.service.ts'
import type { CatalogStorage, ProductFilesService } from '../catalog/product-files.service.ts'
import type { Database } from '../db/client.ts'
import { createMailer } from '../email/mailer.ts'
import { AppError } from '../http/errors.ts'
import { publishFileVersion } from '../flows/publish-file-version.ts'
import { createFileUpdatesService, type FileUpdatesService } from '../orders/file-updates.service.ts'
import { createProductUpdateEmailsService } from '../marketing/product-update-emails.service.ts'
import { createOrderLinksService } from '../orders/order-links.service.ts'

export interface ProductFileServices {
  catalog: Pick<ProductAdminService, 'adminProduct' | 'adminProductRows'> &
    Pick<ProductFilesService, 'addFileVersion' | 'listFileVersions' | 'publishFileVersion'>
  orders: Pick<FileUpdatesService, 'buyersWithAccess' | 'announceFileVersion'>
  audit: Pick<AuditService, 'record'>
  actor: AuditActor
}

/**
 * The services these commands use, on the store's database. Emails are only queued in the outbox
 * (the running store delivers them); `publicUrl` is the store's address their links point to.
 */
export function productFileServicesOn(
  db: Database,
  { storage, publicUrl, authSecret, actor }: { storage: CatalogStorage; publicUrl: string; authSecret: string; actor: AuditActor },
): ProductFileServices {
  const accounts = createProfileService(db)
  return {
    catalog: createCatalogService(db, storage),
    orders: createFileUpdatesService({
      db,
      accounts,
      addresses: createProductUpdateEmailsService({ db, authSecret, publicUrl, accounts }),
      mailer: createMailer({ db, smtpUrl: undefined }),
      orderLinks: createOrderLinksService({ authSecret, publicUrl }),
    }),
    audit: createAuditService(db),
    actor,
  }
}

export interface ProductFileCli {
  services: () => Promise<ProductFileServices>
  io: { out: (line: string) => void; err: (line: string) => void }
  /** Marks the run as failed (exit code 1). */
  failed: () => void
}

/** A refusal the owner can act on: printed as it is. */
class FileCommandError extends Error {}

const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`
const fileFacts = (version: Pick<FileVersionView, 'fileName' | 'size' | 'sha256'>) =>
  `${version.fileName} ${fileSizeMb(version.size)} MB${version.sha256 ? ` sha256 ${version.sha256}` : ''}`
const statusOf = (version: FileVersionView) => (version.live ? 'live' : version.publishedAt ? 'earlier' : 'draft')

/** The number a command line gives: a whole number from 1. */
function versionNumberOf(text: string): number {
  if (!/^[1-9][0-9]{0,8}$/.test(text))
    throw new FileCommandError(`"${text}" is not a version number: give a whole number from 1 (see \`owner product file list\`)`)
  return Number(text)
}

export function registerProductFileCommands(product: Command, { services, io, failed }: ProductFileCli): void {
  /** Runs a command; an input mistake or a refusal by the store is printed, with exit code 1. */
  const reporting = (run: (services: ProductFileServices) => Promise<void>) => async () => {
    try {
      await run(await services())
    } catch (error) {
      if (!(error instanceof FileCommandError || error instanceof AppError)) throw error
      io.err(error.message)
      failed()
    }
  }

  /** The product named by its id or its exact name. */
  async function productOf({ catalog }: ProductFileServices, given: string): Promise<{ id: string; name: string }> {
    if (isUuid(given)) {
      const row = await catalog.adminProduct(given).catch((error: unknown) => {
        if (error instanceof AppError && error.status === 404) return null
        throw error
      })
      if (row) return { id: row.product.id, name: row.product.name }
    }
    const named = (await catalog.adminProductRows({ search: given, status: 'all' })).filter((row) => row.product.name === given.trim())
    if (named.length === 1) return { id: named[0]!.product.id, name: named[0]!.product.name }
    if (named.length > 1)
      throw new FileCommandError(`${named.length} products are named "${given}": give one of their ids (${named.map((row) => row.product.id).join(', ')})`)
    throw new FileCommandError(`No product with the id or name "${given}"`)
  }

  async function makeLive(
    kind: 'publish' | 'restore',
    given: string,
    numberText: string,
    options: { notifyBuyers?: boolean; extraDownload?: boolean },
    deps: ProductFileServices,
  ) {
    const number = versionNumberOf(numberText)
    const target = await productOf(deps, given)
    const { versions } = await deps.catalog.listFileVersions(target.id)
    const version = versions.find((candidate) => candidate.number === number)
    // The console offers Publish on a draft and Restore on an earlier version: the CLI asks for the same words.
    if (version && !version.live && kind === 'restore' && !version.publishedAt) {
      throw new FileCommandError(
        `Version ${number} of "${target.name}" is a draft that was never published: publish it with \`owner product file publish ${target.id} ${number}\``,
      )
    }
    if (version && !version.live && kind === 'publish' && version.publishedAt) {
      throw new FileCommandError(
        `Version ${number} of "${target.name}" was published before: bring it back with \`owner product file restore ${target.id} ${number}\``,
      )
    }
    const notifyBuyers = options.notifyBuyers ?? false
    const extraDownload = options.extraDownload ?? false
    // No mailer: the running store delivers the emails this queues.
    const published = await publishFileVersion(deps, { productId: target.id, number, actor: deps.actor, notifyBuyers, extraDownload })
    const live = published.versions.versions.find((candidate) => candidate.live)!
    const previous = versions.find((candidate) => candidate.live)
    const told = [
      notifyBuyers ? `${published.emailsQueued} buyer email(s) queued` : 'buyers not emailed',
      extraDownload ? `${published.itemsGivenADownload} item(s) given one more download` : null,
    ].filter(Boolean)
    io.out(
      `${kind === 'restore' ? 'Restored' : 'Published'} version ${live.number} of "${target.name}": buyers now download ${fileFacts(live)}${previous ? ` (was version ${previous.number})` : ''}; ${told.join(', ')}.`,
    )
  }

  const file = product.command('file').description("A product's file versions: add a draft, list them, publish a draft, restore an earlier one")
  file
    .command('add')
    .argument('<product>', "the product's id or exact name")
    .argument('<path>', 'the new file')
    .option('--changelog <text>', 'one line for buyers: what changed')
    .description('Add a file as the next version: a draft buyers do not get until it is published (live at once when the product has no file yet)')
    .action((given: string, path: string, options: { changelog?: string }) =>
      reporting(async (deps) => {
        const changelog = changelogSchema.safeParse(options.changelog ?? '')
        if (!changelog.success) throw new FileCommandError(`--changelog: ${changelog.error.issues[0]!.message}`)
        const target = await productOf(deps, given)
        const full = resolve(path)
        try {
          await access(full, constants.R_OK)
          if (!(await stat(full)).isFile()) throw new Error('not a file')
        } catch {
          throw new FileCommandError(`The file ${path} cannot be read`)
        }
        const { version } = await deps.catalog.addFileVersion(
          target.id,
          { path: full, fileName: basename(full) },
          { changelog: changelog.data, uploadedBy: { id: null, email: OWNER_CLI_UPLOADER } },
          (tx, productId, change) =>
            deps.audit.record(tx, {
              actor: deps.actor,
              action: FILE_VERSION_ACTIONS.add,
              subject: { type: 'product', id: productId },
              before: change.before,
              after: change.after,
            }),
        )
        io.out(
          version.live
            ? `Version ${version.number} of "${target.name}" is live: ${fileFacts(version)} (the product had no file, so no buyer was affected).`
            : `Version ${version.number} of "${target.name}" added as a draft: ${fileFacts(version)}. Buyers still download the live version; publish it with \`owner product file publish ${target.id} ${version.number}\`.`,
        )
      })(),
    )
  file
    .command('list')
    .argument('<product>', "the product's id or exact name")
    .description('Every version, newest first: live, draft or earlier, who uploaded it and when, its changelog')
    .action((given: string) =>
      reporting(async (deps) => {
        const target = await productOf(deps, given)
        const [{ liveVersion, versions }, buyers] = await Promise.all([deps.catalog.listFileVersions(target.id), deps.orders.buyersWithAccess(target.id)])
        if (versions.length === 0) {
          io.out(`"${target.name}" has no file yet.`)
          return
        }
        io.out(`"${target.name}": ${liveVersion === null ? 'no version is live' : `version ${liveVersion} is live`}; ${buyers} buyer(s) can download it.`)
        for (const version of versions) {
          const published = version.publishedAt ? `, first live ${when(version.publishedAt)}` : ''
          io.out(
            `  ${String(version.number).padStart(3)}  ${statusOf(version).padEnd(7)}  ${fileFacts(version)}  uploaded ${when(version.uploadedAt)} by ${version.uploadedBy}${published}${version.changelog ? `  "${version.changelog}"` : ''}`,
          )
        }
      })(),
    )
  for (const kind of ['publish', 'restore'] as const) {
    file
      .command(kind)
      .argument('<product>', "the product's id or exact name")
      .argument('<number>', 'the version number (see `owner product file list`)')
      .option('--notify-buyers', 'email every buyer who can still download it that an update is available (not those who turned these emails off)')
      .option('--extra-download', 'give every item of it that can still be downloaded one more download')
      .description(kind === 'publish' ? 'Make a draft the version buyers download' : 'Make an earlier published version the one buyers download again')
      .action((given: string, numberText: string, options: { notifyBuyers?: boolean; extraDownload?: boolean }) =>
        reporting((deps) => makeLive(kind, given, numberText, options, deps))(),
      )
  }
}
