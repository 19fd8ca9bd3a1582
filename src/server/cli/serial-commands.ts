/**
 * `owner serials import PRODUCT FILE.csv`: adds a vendor's serials to a product's pool from the
 * command line, under the same rules and audit entry as the product page's upload, and with no
 * size limit of its own (the console's is SERIAL_IMPORT_MAX_BYTES). The CSV holds one serial
 * per line, or a `serial` column, read as the console's upload is (licence-keys/serials-csv.ts: a
 * serial holding a comma or a quote is quoted). Each line not added is reported on its own line
 * (duplicate or invalid, with why), then the totals, how many went to buyers who were waiting
 * for one, and the serials left. `<product>` is the product's id or its exact name. Exit code 1
 * when a line was invalid.
 */
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { Command } from 'commander'
import { isUuid } from '../../shared/ids.ts'
import type { AuditService } from '../audit/audit.service.ts'
import type { AuditActor } from '../audit/audit.types.ts'
import type { ProductAdminService } from '../catalog/product-admin.service.ts'
import { AppError } from '../http/errors.ts'
import type { LicenceKeysService } from '../licence-keys/licence-keys.service.ts'

export interface SerialCommandServices {
  licenceKeys: Pick<LicenceKeysService, 'importSerials' | 'adminPolicy'>
  catalog: Pick<ProductAdminService, 'adminProduct' | 'adminProductRows'>
  audit: Pick<AuditService, 'record'>
  actor: AuditActor
}

export interface SerialCli {
  services: () => Promise<SerialCommandServices>
  io: { out: (line: string) => void; err: (line: string) => void }
  /** Marks the run as failed (exit code 1). */
  failed: () => void
}

/** A mistake in what the owner typed or gave: printed as it is. */
class SerialInputError extends Error {}

/** The product named by its id or its exact name. */
async function productOf({ catalog }: SerialCommandServices, given: string): Promise<{ id: string; name: string }> {
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
    throw new SerialInputError(`${named.length} products are named "${given}": give one of their ids (${named.map((row) => row.product.id).join(', ')})`)
  throw new SerialInputError(`No product with the id or name "${given}"`)
}

async function csvOf(file: string): Promise<string> {
  const csv = await readFile(resolve(file), 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new SerialInputError(error.code === 'ENOENT' ? `No file at ${file}` : `Cannot read ${file}: ${error.message}`)
  })
  if (csv.trim() === '') throw new SerialInputError(`${file} is empty: give one serial per line, or a column named serial`)
  return csv
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

export function registerSerialCommands(program: Command, { services, io, failed }: SerialCli): void {
  const serials = program.command('serials').description("A product's pool of vendor serials, each handed to one unit sold")
  serials
    .command('import')
    .argument('<product>', "the product's id or exact name")
    .argument('<file>', 'a CSV file: one serial per line, or a column named serial')
    .description("Add a vendor's serials to a product's pool; buyers waiting for one get theirs first, oldest order first")
    .action(async (given: string, file: string) => {
      try {
        const deps = await services()
        const product = await productOf(deps, given)
        const csv = await csvOf(file)
        const report = await deps.licenceKeys.importSerials(product.id, csv, (tx, change) =>
          deps.audit.record(tx, {
            actor: deps.actor,
            action: 'product.import_serials',
            subject: { type: 'product', id: product.id },
            before: change.before,
            after: change.after,
          }),
        )
        for (const line of report.lines) {
          if (line.outcome === 'added') continue
          io.out(`line ${line.line}: ${line.outcome}${line.serial ? ` "${line.serial}"` : ''}${line.message ? `: ${line.message}` : ''}`)
        }
        const policy = await deps.licenceKeys.adminPolicy(product.id)
        const delivered = report.delivered > 0 ? `, ${plural(report.delivered, 'serial')} sent to buyers who were waiting` : ''
        io.out(`"${product.name}": ${report.added} added, ${report.skipped} skipped${delivered}; ${plural(policy.serialsLeft, 'serial')} left.`)
        if (policy.kind !== 'serials')
          io.out(`Note: "${product.name}" does not sell vendor serials yet: set its licence keys to Vendor serials on its page in the owner console.`)
        if (report.lines.some((line) => line.outcome === 'invalid')) failed()
      } catch (error) {
        if (!(error instanceof SerialInputError || error instanceof AppError)) throw error
        io.err(error.message)
        failed()
      }
    })
}
