/**
 * `owner sale set NAME`, `owner sale list`, `owner sale end NAME`: timed sales from the command
 * line, for the bulk jobs an owner scripts (a Black Friday sale set up the night before). `set`
 * creates the sale of that name, or changes the options given on it (the others stay as they
 * are), through the console's form schema and audit log; `end` stops it at once.
 */
import { Command } from 'commander'
import { SALE_STATUS_LABELS, saleFormSchema, saleStatusAt, type SaleForm } from '../../shared/contract/admin-sales.ts'
import { formatPrice } from '../../shared/money.ts'
import { createAuditService } from '../audit/audit.service.ts'
import { createCatalogService } from '../catalog/catalog.service.ts'
import type { SaleRow } from '../catalog/catalog.schema.ts'
import { saleFormOf, type SaleAudit } from '../catalog/sale-admin.ts'
import type { Database } from '../db/client.ts'
import { AppError } from '../http/errors.ts'
import { createOrderReportsService } from '../orders/order-reports.service.ts'
import type { OwnerCliIo } from './owner-cli.types.ts'

export interface SaleSetOptions {
  percent?: string
  amount?: string
  products?: string
  categories?: string
  store?: boolean
  starts?: string
  ends?: string
}

/** A refusal the owner can act on: printed as it is, with exit code 1. */
class SaleCommandError extends Error {}

const FLAGS: Partial<Record<keyof SaleForm, string>> = {
  name: 'NAME',
  percentOff: '--percent',
  amountOff: '--amount',
  productIds: '--products',
  categoryIds: '--categories',
  startsAt: '--starts',
  endsAt: '--ends',
}

/** "2026-12-01" is the start of that day in UTC; a full time is taken as written. */
function momentOf(value: string): string {
  const trimmed = value.trim()
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return `${trimmed}T00:00:00.000Z`
  return trimmed === '' || Number.isNaN(Date.parse(trimmed)) ? trimmed : new Date(trimmed).toISOString()
}

const shownMoment = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`
const listOf = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)

/** "30% off" or "$5.00 off", and what it covers. */
function termsOf(row: SaleRow, categoryNames: Map<string, string>): string {
  const off = row.percentOff !== null ? `${row.percentOff}% off` : `${formatPrice(row.amountOffCents ?? 0)} off`
  if (row.scope === 'store') return `${off} the whole store`
  if (row.scope === 'products') return `${off} ${row.productIds.length} ${row.productIds.length === 1 ? 'product' : 'products'}`
  return `${off} ${row.categoryIds.map((id) => categoryNames.get(id) ?? id).join(', ')}`
}

export interface SaleCli {
  database: () => Promise<Database>
  actor: { id: null; email: string }
  io: OwnerCliIo
  failed: () => void
}

export function registerSaleCommands(program: Command, { database, actor, io, failed }: SaleCli): void {
  async function services() {
    const db = await database()
    return { catalog: createCatalogService(db), audit: createAuditService(db), orders: createOrderReportsService(db) }
  }
  type Services = Awaited<ReturnType<typeof services>>

  const reporting =
    <A extends unknown[]>(run: (deps: Services, ...args: A) => Promise<void>) =>
    async (...args: A) => {
      try {
        await run(await services(), ...args)
      } catch (error) {
        if (!(error instanceof SaleCommandError || error instanceof AppError)) throw error
        io.err(error.message)
        failed()
      }
    }

  const auditAs =
    ({ audit }: Services, action: (before: unknown) => string): SaleAudit =>
    (tx, id, change) =>
      audit.record(tx, { actor, action: action(change.before), subject: { type: 'sale', id }, before: change.before, after: change.after })

  async function categoryNames({ catalog }: Services): Promise<Map<string, string>> {
    return new Map((await catalog.listCategories()).map((category) => [category.id, category.name]))
  }

  /** Category slugs (or names) to ids; an unknown one is refused by name. */
  async function categoryIdsOf({ catalog }: Services, given: string[]): Promise<string[]> {
    const known = await catalog.listCategories()
    return given.map((slug) => {
      const found = known.find((category) => category.slug === slug.toLowerCase() || category.name.toLowerCase() === slug.toLowerCase())
      if (!found) throw new SaleCommandError(`--categories: no category "${slug}" (the store has ${known.map((category) => category.slug).join(', ')})`)
      return found.id
    })
  }

  async function setSale(deps: Services, rawName: string, options: SaleSetOptions) {
    const name = rawName.trim()
    const existing = name ? await deps.catalog.saleNamed(name) : null
    if (!existing && options.percent === undefined && options.amount === undefined)
      throw new SaleCommandError(`${name} is a new sale: give --percent or --amount`)
    if (!existing && options.ends === undefined) throw new SaleCommandError(`${name} is a new sale: give --ends`)
    if ([options.products, options.categories, options.store].filter((given) => given !== undefined && given !== false).length > 1)
      throw new SaleCommandError('Give one of --products, --categories or --store')
    const base: SaleForm = existing
      ? saleFormOf(existing)
      : { name, percentOff: '', amountOff: '', scope: 'store', productIds: [], categoryIds: [], startsAt: new Date().toISOString(), endsAt: '' }
    const scope: Partial<SaleForm> =
      options.products !== undefined
        ? { scope: 'products', productIds: listOf(options.products), categoryIds: [] }
        : options.categories !== undefined
          ? { scope: 'categories', categoryIds: await categoryIdsOf(deps, listOf(options.categories)), productIds: [] }
          : options.store
            ? { scope: 'store', productIds: [], categoryIds: [] }
            : {}
    const parsed = saleFormSchema.safeParse({
      ...base,
      name,
      // One kind of discount: the one given replaces the other.
      ...(options.percent !== undefined ? { percentOff: options.percent, amountOff: '' } : {}),
      ...(options.amount !== undefined ? { amountOff: options.amount.replace(/^\$/, ''), percentOff: '' } : {}),
      ...scope,
      ...(options.starts !== undefined ? { startsAt: momentOf(options.starts) } : {}),
      ...(options.ends !== undefined ? { endsAt: momentOf(options.ends) } : {}),
    })
    if (!parsed.success)
      throw new SaleCommandError(
        parsed.error.issues.map((issue) => `${FLAGS[issue.path[0] as keyof SaleForm] ?? String(issue.path[0])}: ${issue.message}`).join('\n'),
      )
    const { row, created } = await deps.catalog.setSale(
      parsed.data,
      auditAs(deps, (before) => (before ? 'sale.update' : 'sale.create')),
    )
    const status = SALE_STATUS_LABELS[saleStatusAt(row, new Date())].toLowerCase()
    io.out(
      `${created ? 'Created' : 'Saved'} ${row.name}: ${termsOf(row, await categoryNames(deps))}, from ${shownMoment(row.startsAt)} until ${shownMoment(row.endsAt)}, ${status}.`,
    )
  }

  const sale = program.command('sale').description('Timed sales: a percent or an amount off products, categories or the whole store, from a start to an end')
  sale
    .command('set')
    .argument('<name>', 'the sale’s name, as the console lists it')
    .description('Create a timed sale, or change the options given on the sale of this name')
    .option('--percent <percent>', 'percent off each unit, 1 to 100')
    .option('--amount <dollars>', 'dollars off each unit, e.g. 5.00')
    .option('--products <ids>', 'only these products: comma-separated product ids')
    .option('--categories <slugs>', 'only these categories’ products: comma-separated slugs')
    .option('--store', 'the whole store (the default for a new sale)')
    .option('--starts <date>', 'when it starts (YYYY-MM-DD, UTC, or an ISO time); a new sale starts now when not given')
    .option('--ends <date>', 'when it ends (YYYY-MM-DD, UTC, or an ISO time; required for a new sale)')
    .action(reporting((deps, name: string, options: SaleSetOptions) => setSale(deps, name, options)))

  sale
    .command('list')
    .description('Every sale, the latest to start first: its terms, window, status and what it did (paid orders, discount given)')
    .action(
      reporting(async (deps) => {
        const [rows, effects, names] = await Promise.all([deps.catalog.adminSales(), deps.orders.effectBySale(), categoryNames(deps)])
        if (rows.length === 0) io.out('No sales yet.')
        const now = new Date()
        for (const { sale: row } of rows) {
          const effect = effects.get(row.id)
          io.out(
            `${row.name}  ${termsOf(row, names)}  ${shownMoment(row.startsAt)} – ${shownMoment(row.endsAt)}  ${SALE_STATUS_LABELS[saleStatusAt(row, now)]}  ` +
              `${effect?.paidOrders ?? 0} paid order(s), ${effect?.units ?? 0} unit(s), ${formatPrice(effect?.revenueCents ?? 0)} revenue, ${formatPrice(effect?.discountCents ?? 0)} discount given`,
          )
        }
      }),
    )

  sale
    .command('end')
    .argument('<name>', 'the sale’s name')
    .description('End the sale now: its prices go back at once')
    .action(
      reporting(async (deps, name: string) => {
        const existing = await deps.catalog.saleNamed(name.trim())
        if (!existing) throw new SaleCommandError(`No sale named "${name.trim()}"`)
        if (saleStatusAt(existing, new Date()) === 'ended') {
          io.out(`${existing.name} had already ended.`)
          return
        }
        const ended = await deps.catalog.endSale(
          existing.id,
          auditAs(deps, () => 'sale.end'),
        )
        io.out(
          ended.endsAt.getTime() < existing.endsAt.getTime()
            ? `Ended ${ended.name} at ${shownMoment(ended.endsAt)}.`
            : `Switched off ${ended.name}: it had not started.`,
        )
      }),
    )
}
