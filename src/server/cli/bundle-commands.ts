/**
 * `owner bundle add BUNDLE PRODUCT... [--floor 10.00]` and `owner bundle show BUNDLE`: a bundle's
 * items from the command line, for the bulk job of filling bundles, under the same rules and
 * audit entry as the product page's Bundle panel. `add` puts the products after those the bundle
 * holds already (one already in it stays where it is); its floor changes only with `--floor`.
 * A bundle or product is named by its id.
 */
import type { Command } from 'commander'
import { MAX_BUNDLE_FLOOR_CENTS, type AdminBundle } from '../../shared/contract/bundles.ts'
import { formatPrice } from '../../shared/money.ts'
import type { AuditService } from '../audit/audit.service.ts'
import type { AuditActor } from '../audit/audit.types.ts'
import type { ProductAdminService } from '../catalog/product-admin.service.ts'
import type { BundlesService } from '../catalog/bundles.service.ts'
import { AppError } from '../http/errors.ts'

export interface BundleCommandServices {
  catalog: Pick<ProductAdminService, 'adminProduct'> & Pick<BundlesService, 'adminBundle' | 'setBundle'>
  audit: Pick<AuditService, 'record'>
  actor: AuditActor
}

export interface BundleCli {
  services: () => Promise<BundleCommandServices>
  io: { out: (line: string) => void; err: (line: string) => void }
  /** Marks the run as failed (exit code 1). */
  failed: () => void
}

/** A mistake in what the owner typed: printed as it is. */
class BundleInputError extends Error {}

/** "10", "10.5" or "10.00" dollars as cents; 0 is no floor. */
function floorCentsOf(value: string): number | null {
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(value.trim())) throw new BundleInputError(`--floor: ${value} is not an amount in dollars, like 10.00`)
  const cents = Math.round(Number(value.trim()) * 100)
  if (cents > MAX_BUNDLE_FLOOR_CENTS) throw new BundleInputError(`--floor: at most ${formatPrice(MAX_BUNDLE_FLOOR_CENTS)}`)
  return cents === 0 ? null : cents
}

/** The bundle as `show` prints it: its name, price and floor, then each product it holds in its page's order. */
function describe(name: string, bundle: AdminBundle): string[] {
  if (!bundle.isBundle) return [`${name} is not a bundle.`]
  const floor = bundle.floorCents ? `, floor ${formatPrice(bundle.floorCents)}` : ', no floor'
  return [
    `${name} (${formatPrice(bundle.priceCents)}${floor}) holds ${bundle.items.length} product${bundle.items.length === 1 ? '' : 's'}:`,
    ...bundle.items.map(
      (item, index) => `  ${index + 1}. ${item.name}  ${formatPrice(item.priceCents)}${item.active ? '' : '  (archived)'}  ${item.productId}`,
    ),
  ]
}

export function registerBundleCommands(program: Command, { services, io, failed }: BundleCli): void {
  /** Runs a command; an input mistake or a refusal by the store is printed, with exit code 1. */
  const reporting = (run: (services: BundleCommandServices) => Promise<void>) => async () => {
    try {
      await run(await services())
    } catch (error) {
      if (!(error instanceof BundleInputError || error instanceof AppError)) throw error
      io.err(error.message)
      failed()
    }
  }

  const bundle = program.command('bundle').description('Bundles: a product that holds other products, each granted on its own when it is bought')
  bundle
    .command('add')
    .argument('<bundle>', "the bundle's product id")
    .argument('<products...>', 'the ids of the products to put in it, in order')
    .option('--floor <dollars>', 'the least "complete the bundle" may ask, e.g. 10.00; 0 for none')
    .description('Put products in a bundle (after those it holds already), making the product a bundle if it is not one yet')
    .action((bundleId: string, productIds: string[], options: { floor?: string }) =>
      reporting(async ({ catalog, audit, actor }) => {
        const floorCents = options.floor !== undefined ? floorCentsOf(options.floor) : undefined
        const { product } = await catalog.adminProduct(bundleId)
        const current = await catalog.adminBundle(bundleId)
        const held = current.items.map((item) => item.productId)
        const added = [...new Set(productIds.map((id) => id.trim()))].filter((id) => !held.includes(id))
        await catalog.setBundle(
          bundleId,
          { productIds: [...held, ...added], floorCents: floorCents === undefined ? current.floorCents : floorCents },
          (tx, id, change) =>
            audit.record(tx, { actor, action: 'product.bundle', subject: { type: 'product', id }, before: change.before, after: change.after }),
        )
        for (const line of describe(product.name, await catalog.adminBundle(bundleId))) io.out(line)
      })(),
    )
  bundle
    .command('show')
    .argument('<bundle>', "the bundle's product id")
    .description('What a bundle holds, its price and its floor')
    .action((bundleId: string) =>
      reporting(async ({ catalog }) => {
        const { product } = await catalog.adminProduct(bundleId)
        for (const line of describe(product.name, await catalog.adminBundle(bundleId))) io.out(line)
      })(),
    )
}
