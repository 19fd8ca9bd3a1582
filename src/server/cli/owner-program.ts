/**
 * The owner CLI's commands (`npm run owner -- <command>`), for running the store without a
 * browser. Built on commander; each command calls the capabilities' services on the database
 * it is given and records what it changed in the audit log as the owner CLI.
 */
import { Command, CommanderError, Option } from 'commander'
import { SOUND_TYPE_IDS } from '../../shared/contract/catalog-filters.ts'
import { ORDER_STATUSES, orderNumberOf } from '../../shared/contract/checkout.ts'
import { formatPrice } from '../../shared/money.ts'
import { createAuditService } from '../audit/audit.service.ts'
import { ADMIN_ROLE, createRolesService, SUPPORT_ROLE, type RoleChange, type RolesService } from '../auth/roles.service.ts'
import { createCatalogService } from '../catalog/catalog.service.ts'
import type { CatalogStorage } from '../catalog/product-files.service.ts'
import type { Database } from '../db/client.ts'
import { createMailer } from '../email/mailer.ts'
import { AppError } from '../http/errors.ts'
import { createOrderAdminService } from '../orders/order-admin.service.ts'
import { createOrderLinksService } from '../orders/order-links.service.ts'
import { createPendingOrdersService } from '../orders/pending-orders.service.ts'
import type { OrderStatus } from '../orders/orders.types.ts'
import type { OwnerCliIo } from './owner-cli.types.ts'
import { createPromoCommands, type PromoSetOptions } from './promo-commands.ts'
import { registerSaleCommands } from './sale-commands.ts'
import { registerBundleCommands } from './bundle-commands.ts'
import { registerDemoCommands } from './demo-commands.ts'
import { registerSerialCommands } from './serial-commands.ts'
import { createLicenceKeysService } from '../licence-keys/licence-keys.service.ts'
import { createPromoService } from '../promo/promo.service.ts'
import { createProductCommands, MANIFEST_EXAMPLE, ProductInputError, type ProductInput } from './product-commands.ts'
import { productFileServicesOn, registerProductFileCommands } from './product-file-commands.ts'

const ROLE_NAMES: Record<string, string> = { [ADMIN_ROLE]: 'an admin', [SUPPORT_ROLE]: 'support staff' }

/** Who the audit log names for what the CLI does (it has no account). */
export const CLI_ACTOR = { id: null, email: 'owner-cli' }

/**
 * Runs one command line (without `node script`); answers the exit code. The database is opened
 * only by a command that needs it (`--help` touches nothing).
 */
export interface OwnerCliContext {
  /** Opens (once) and answers the store's database. */
  database: () => Promise<Database>
  /** Where product files, covers and previews are stored. */
  storage: CatalogStorage
  /** PUBLIC_URL: where the links of emails the CLI queues point. */
  publicUrl: string
  /** AUTH_SECRET: signs the private order links of the emails the CLI queues, as the store does. */
  authSecret: string
  /** `owner demo seed`: seeds the demo store into this store's database and storages; answers what it created, a line each. */
  seedDemo: () => Promise<string[]>
}

export async function runOwnerCommand(
  argv: string[],
  { database, storage, publicUrl, authSecret, seedDemo }: OwnerCliContext,
  io: OwnerCliIo,
): Promise<number> {
  let exitCode = 0

  async function productCommands() {
    const db = await database()
    return createProductCommands({ catalog: createCatalogService(db, storage), audit: createAuditService(db), actor: CLI_ACTOR })
  }

  /** Runs a command whose input mistakes are printed as they are, with exit code 1. */
  async function reportingInputErrors(run: () => Promise<void>) {
    try {
      await run()
    } catch (error) {
      if (!(error instanceof ProductInputError)) throw error
      io.err(error.message)
      exitCode = 1
    }
  }

  async function rolesService() {
    const db = await database()
    return createRolesService({ db, audit: createAuditService(db) })
  }

  /** A role change under the roles service's rules (and its audit entry); a refusal is printed with exit code 1. */
  async function changeRole(change: (roles: RolesService) => Promise<RoleChange>) {
    try {
      const changed = await change(await rolesService())
      io.out(`${changed.email} is now ${ROLE_NAMES[changed.after] ?? 'a shopper'} (was ${changed.before ?? 'user'}).`)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      io.err(error.message)
      exitCode = 1
    }
  }

  const program = new Command('owner')
    .description('Run the Audio Lab Store from the command line')
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.out(text.trimEnd()), writeErr: (text) => io.err(text.trimEnd()) })

  const admin = program
    .command('admin')
    .description('Give, take back or list the staff roles: admin, or support (orders and customers only) in the owner console at /admin')
  admin
    .command('grant')
    .argument('<email>', "the account's email")
    .option('--support', 'the support role instead: read orders and customers, resend receipts, add downloads')
    .description('Make the account with this email an admin (or support staff)')
    .action((email: string, options: { support?: boolean }) =>
      changeRole((roles) => roles.grantRole(email, options.support ? SUPPORT_ROLE : ADMIN_ROLE, CLI_ACTOR)),
    )
  admin
    .command('revoke')
    .argument('<email>', "the account's email")
    .description('Make the admin or support account with this email a shopper again (not the last admin)')
    .action((email: string) => changeRole((roles) => roles.revokeRole({ email }, CLI_ACTOR)))
  admin
    .command('list')
    .description('Every admin and support account, with when they got the role')
    .action(async () => {
      const staff = await (await rolesService()).listStaff()
      if (staff.length === 0) io.out('No admins yet.')
      for (const account of staff) {
        const since = account.adminSince ? `${account.adminSince.toISOString().slice(0, 16).replace('T', ' ')} UTC` : 'a time not recorded'
        io.out(`${account.email}  ${account.role} since ${since}${account.name ? `  ${account.name}` : ''}`)
      }
    })

  program
    .command('orders')
    .description('Look at orders')
    .command('list')
    .description('The newest orders: number, date, status, buyer, total, items')
    .addOption(new Option('--status <status>', 'only orders with this status').choices([...ORDER_STATUSES]))
    .addOption(new Option('--limit <count>', 'how many').default('20').argParser((value) => Math.min(500, Math.max(1, Number.parseInt(value, 10) || 20))))
    .action(async (options: { status?: OrderStatus; limit: number | string }) => {
      const { rows } = await createOrderAdminService(await database()).adminOrders({
        status: options.status,
        limit: Number(options.limit),
        offset: 0,
        email: undefined,
        from: undefined,
        to: undefined,
      })
      if (rows.length === 0) io.out(options.status ? `No ${options.status} orders.` : 'No orders yet.')
      for (const order of rows) {
        const refunded = order.refundedCents > 0 ? ` (refunded ${formatPrice(order.refundedCents)})` : ''
        io.out(
          `${orderNumberOf(order.id)}  ${order.createdAt.toISOString().slice(0, 16).replace('T', ' ')}  ${order.status.padEnd(18)}  ${order.customerEmail}  ${formatPrice(order.totalAmountCents)}${refunded}  ${order.items} item(s)`,
        )
      }
    })

  const product = program.command('product').description('Add products with their files')
  product
    .command('add')
    .description('Add a product with its file (and cover, preview); it goes live once its files are stored')
    .requiredOption('--name <name>', 'the product name')
    .requiredOption('--price <dollars>', 'the price in dollars, e.g. 24.99')
    .requiredOption('--file <path>', 'the file buyers download')
    .option('--category <slug>', 'the category, by slug or name')
    .option('--cover <path>', 'the cover image (JPEG, PNG or WebP)')
    .option('--preview <path>', 'the audio preview (WAV, MP3, FLAC or OGG)')
    .option('--description <text>', 'the description')
    .option('--original-price <dollars>', 'the price before the sale, shown struck through')
    .option('--pwyw-min <dollars>', 'pay what you want, from this minimum (0 for $0+); --price is then the suggested amount')
    .option('--tags <tags>', 'comma-separated tags')
    .option('--bpm <bpm>', 'the tempo')
    .option('--key <key>', 'the musical key, e.g. "A minor"')
    .option('--genre <genre>', 'the genre')
    .option('--type <type>', `a sound type it holds, repeatable (${SOUND_TYPE_IDS.join(', ')})`, (type: string, types: string[] = []) => [...types, type])
    .option('--download-limit <count>', 'downloads per purchase', '3')
    .option('--hidden', 'add it hidden from the store')
    .action((options: Record<string, string | string[] | boolean | undefined>) =>
      reportingInputErrors(async () => {
        const { hidden, type, ...input } = options
        const added = await (await productCommands()).addProduct({ ...(input as ProductInput), types: (type as string[] | undefined) ?? [], active: !hidden })
        io.out(added.summary)
      }),
    )
  product
    .command('import')
    .argument('<dir>', 'a folder with manifest.json or manifest.csv and the files it names')
    .description(
      `Add every product of a folder's manifest (columns: name, price, category, file, cover, preview, description, originalPrice, pwywMin, tags, bpm, key, genre, types, downloadLimit, active; files inside the folder). Products already in the store (same name) are skipped. Example manifest.json: ${MANIFEST_EXAMPLE}`,
    )
    .action((dir: string) =>
      reportingInputErrors(async () => {
        const result = await (await productCommands()).importProducts(dir, io.out)
        io.out(`${result.imported} imported, ${result.skipped} skipped (already in the store), ${result.refused} refused.`)
        if (result.refused > 0) exitCode = 1
      }),
    )

  registerProductFileCommands(product, {
    services: async () => productFileServicesOn(await database(), { storage, publicUrl, authSecret, actor: CLI_ACTOR }),
    io,
    failed: () => {
      exitCode = 1
    },
  })

  registerBundleCommands(program, {
    services: async () => {
      const db = await database()
      return { catalog: createCatalogService(db, storage), audit: createAuditService(db), actor: CLI_ACTOR }
    },
    io,
    failed: () => {
      exitCode = 1
    },
  })

  registerSerialCommands(program, {
    services: async () => {
      const db = await database()
      const catalog = createCatalogService(db, storage)
      // A serial an import delivers is emailed to its buyer: queued in the outbox, which the running store sends.
      const licenceKeys = createLicenceKeysService({
        db,
        catalog,
        mailer: createMailer({ db, smtpUrl: undefined }),
        publicUrl,
        buyersOf: (tx, orderIds) => pendingOrders.buyersOf(tx, orderIds),
        downloadLinksFor: (tx, list) => orderLinks.downloadLinksFor(tx, list),
      })
      const orderLinks = createOrderLinksService({ authSecret, publicUrl })
      const pendingOrders = createPendingOrdersService({ db, promo: createPromoService(db, catalog), catalog, licenceKeys })
      return { licenceKeys, catalog, audit: createAuditService(db), actor: CLI_ACTOR }
    },
    io,
    failed: () => {
      exitCode = 1
    },
  })

  program
    .command('promo')
    .description('Promo codes')
    .command('set')
    .argument('<code>', 'the code shoppers type (letters, digits, - or _)')
    .description('Create a promo code (percent or fixed amount off), or change the options given on an existing one')
    .option('--percent <percent>', 'percent off, 1 to 100 (a new code needs --percent or --amount)')
    .option('--amount <dollars>', 'a fixed amount off the lines it covers, e.g. 5.00')
    .option('--products <ids>', 'limit it to these products (comma-separated ids); "" for every product')
    .option('--categories <slugs>', 'limit it to these categories (comma-separated slugs or ids); "" for every category')
    .option('--not-on-sale', 'lines priced by a sale get nothing')
    .option('--sale-items', 'lines on sale get the code too')
    .option('--budget <dollars>', 'the most discount it may ever give, e.g. 100.00; "none" for no budget')
    .option('--starts <date>', 'first day (YYYY-MM-DD, UTC) or an ISO time; "" for no start')
    .option('--ends <date>', 'when it stops working (YYYY-MM-DD, UTC) or an ISO time; "" for no end')
    .option('--max-uses <count>', 'how many orders may use it, or "unlimited"')
    .option('--once-per-customer', 'each buyer may use it on one paid order')
    .option('--no-once-per-customer', 'any buyer may use it again')
    .option('--min-subtotal <dollars>', 'the smallest subtotal it applies to; 0 for none')
    .option('--inactive', 'switch it off')
    .option('--active', 'switch it on')
    .action((code: string, options: PromoSetOptions) =>
      reportingInputErrors(async () => {
        const db = await database()
        const catalog = createCatalogService(db)
        const commands = createPromoCommands({ promo: createPromoService(db, catalog), catalog, audit: createAuditService(db), actor: CLI_ACTOR })
        io.out(await commands.setPromo(code, options))
      }),
    )

  registerDemoCommands(program, { seed: seedDemo, io })

  registerSaleCommands(program, {
    database,
    actor: CLI_ACTOR,
    io,
    failed: () => {
      exitCode = 1
    },
  })

  try {
    await program.parseAsync(argv, { from: 'user' })
  } catch (error) {
    // Help and version end with an exit code of 0; a usage error has its own.
    if (error instanceof CommanderError) return error.exitCode
    throw error
  }
  return exitCode
}
