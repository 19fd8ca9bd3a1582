/**
 * The owner CLI's commands (`npm run owner -- <command>`), for running the store without a
 * browser. Built on commander; each command calls the capabilities' services on the database
 * it is given and records what it changed in the audit log as the owner CLI.
 */
import { Command, CommanderError, Option } from 'commander'
import { ORDER_STATUSES, orderNumberOf } from '../../shared/contract/checkout.ts'
import { formatPrice } from '../../shared/money.ts'
import { createAuditService } from '../admin/audit.service.ts'
import { createRolesService, type RoleChange, type RolesService } from '../auth/roles.service.ts'
import type { Database } from '../db/client.ts'
import { createOrderReports } from '../orders/order-reports.ts'
import type { OrderStatus } from '../orders/orders.service.ts'

/** Who the audit log names for what the CLI does (it has no account). */
export const CLI_ACTOR = { id: null, email: 'owner-cli' }

export interface OwnerCliIo {
  out: (line: string) => void
  err: (line: string) => void
}

/**
 * Runs one command line (without `node script`); answers the exit code. The database is opened
 * only by a command that needs it (`--help` touches nothing).
 */
export async function runOwnerCommand(argv: string[], database: () => Promise<Database>, io: OwnerCliIo): Promise<number> {
  let exitCode = 0

  async function changeRole(email: string, change: (roles: RolesService) => (email: string) => Promise<RoleChange | null>, action: string) {
    const db = await database()
    const changed = await change(createRolesService(db))(email)
    if (!changed) {
      io.err(`No account with the email ${email}. The person must sign up first.`)
      exitCode = 1
      return
    }
    await createAuditService(db).record(db, { actor: CLI_ACTOR, action, subject: { type: 'user', id: changed.userId }, before: { role: changed.before }, after: { role: changed.after } })
    io.out(`${changed.email} is now ${changed.after === 'admin' ? 'an admin' : 'a shopper'} (was ${changed.before ?? 'user'}).`)
  }

  const program = new Command('owner')
    .description('Run the Audio Lab Store from the command line')
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.out(text.trimEnd()), writeErr: (text) => io.err(text.trimEnd()) })

  const admin = program.command('admin').description('Give or take the admin role (the owner console at /admin)')
  admin
    .command('grant')
    .argument('<email>', "the account's email")
    .description('Make the account with this email an admin')
    .action((email: string) => changeRole(email, (roles) => roles.grantAdmin, 'user.grant_admin'))
  admin
    .command('revoke')
    .argument('<email>', "the account's email")
    .description('Make the account with this email a shopper again')
    .action((email: string) => changeRole(email, (roles) => roles.revokeAdmin, 'user.revoke_admin'))

  program
    .command('orders')
    .description('Look at orders')
    .command('list')
    .description('The newest orders: number, date, status, buyer, total, items')
    .addOption(new Option('--status <status>', 'only orders with this status').choices([...ORDER_STATUSES]))
    .addOption(new Option('--limit <count>', 'how many').default('20').argParser((value) => Math.min(500, Math.max(1, Number.parseInt(value, 10) || 20))))
    .action(async (options: { status?: OrderStatus; limit: number | string }) => {
      const rows = await createOrderReports(await database()).recentOrders({ status: options.status, limit: Number(options.limit) })
      if (rows.length === 0) io.out(options.status ? `No ${options.status} orders.` : 'No orders yet.')
      for (const order of rows) {
        const refunded = order.refundedCents > 0 ? ` (refunded ${formatPrice(order.refundedCents)})` : ''
        io.out(`${orderNumberOf(order.id)}  ${order.createdAt.toISOString().slice(0, 16).replace('T', ' ')}  ${order.status.padEnd(18)}  ${order.customerEmail}  ${formatPrice(order.totalAmountCents)}${refunded}  ${order.items} item(s)`)
      }
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
