/**
 * Change a customer's email: the owner corrects a buyer's address (the owner console's
 * `PATCH /api/admin/customers/:id/email`), across the accounts (auth) and the orders, in one
 * transaction with its audit entry. Nothing is written when a step refuses:
 *
 *   1. lockCustomer        – an account's row, or a guest's orders at their address, locked (404 when none)
 *   2. refuseSameEmail     – the address it has already: 400
 *   3. refuseTakenEmail    – an address another account has: 409, for a guest too (the orders would sit at
 *                            that account's address without being its own)
 *   4. changeAccountEmail  – an account gets the new address, unconfirmed as any new address is
 *   5. moveOrders          – the orders at the old address move with it: an account's own and the guest
 *                            orders there; a guest's, whose key is then the new address's
 *   6. recordChange        – the audit entry `customer.change_email`
 *
 * An order's private links name the order, so they keep working.
 */
import { CUSTOMER_MESSAGES, customerKeyOf, customerRefOf, type CustomerRef, type EmailCorrection } from '../../shared/contract/admin-customers.ts'
import type { AuditService } from '../audit/audit.service.ts'
import type { AuditActor } from '../audit/audit.types.ts'
import type { CustomerAccountsService } from '../auth/customer-accounts.service.ts'
import type { Database, Executor } from '../db/client.ts'
import { badRequest, notFound } from '../http/errors.ts'
import type { CustomerOrdersOf, CustomersService } from '../orders/customers.service.ts'

export const CHANGE_EMAIL_ACTION = 'customer.change_email'

export interface CustomerEmailDeps {
  db: Database
  customers: Pick<CustomersService, 'lockGuestOrders' | 'moveOrdersToEmail'>
  accounts: Pick<CustomerAccountsService, 'lockAccount' | 'assertEmailFree' | 'changeEmail'>
  audit: Pick<AuditService, 'record'>
}

/** 1. The customer the key names, locked for the change: an account (its row), or a guest (every order at their address); 404 when none. */
export async function lockCustomer({ customers, accounts }: CustomerEmailDeps, tx: Executor, ref: CustomerRef): Promise<CustomerOrdersOf> {
  if (ref.kind === 'account') {
    const account = await accounts.lockAccount(tx, ref.userId)
    if (!account) throw notFound(CUSTOMER_MESSAGES.notFound)
    return { userId: account.id, email: account.email }
  }
  if ((await customers.lockGuestOrders(tx, ref.email)) === 0) throw notFound(CUSTOMER_MESSAGES.notFound)
  return { userId: null, email: ref.email }
}

/** 2. A correction to the address the customer has already is refused (400 EMAIL_UNCHANGED). */
export function refuseSameEmail(customer: CustomerOrdersOf, email: string): void {
  if (customer.email === email) throw badRequest(CUSTOMER_MESSAGES.emailUnchanged, 'EMAIL_UNCHANGED')
}

/** 3. An address another account has is refused (409), for a guest too: the orders would sit at that account's address without being its own. */
export function refuseTakenEmail({ accounts }: CustomerEmailDeps, tx: Executor, customer: CustomerOrdersOf, email: string): Promise<void> {
  return customer.userId === null ? accounts.assertEmailFree(tx, email) : accounts.assertEmailFree(tx, email, customer.userId)
}

/** 4. An account's new address, unconfirmed as any new address is. */
export async function changeAccountEmail({ accounts }: CustomerEmailDeps, tx: Executor, customer: CustomerOrdersOf, email: string): Promise<void> {
  if (customer.userId !== null) await accounts.changeEmail(tx, customer.userId, email)
}

/** 5. The orders at the old address move to the new one (an account's own and the guest orders there); answers how many. */
export function moveOrders({ customers }: CustomerEmailDeps, tx: Executor, customer: CustomerOrdersOf, email: string): Promise<number> {
  return customers.moveOrdersToEmail(tx, customer, customer.email, email)
}

/** 6. The audit entry: on the account, or on the guest's new key. */
export async function recordChange({ audit }: CustomerEmailDeps, tx: Executor, customer: CustomerOrdersOf, email: string, actor: AuditActor): Promise<void> {
  await audit.record(tx, {
    actor,
    action: CHANGE_EMAIL_ACTION,
    subject: customer.userId === null ? { type: 'customer', id: customerKeyOf({ userId: null, email }) } : { type: 'user', id: customer.userId },
    before: { email: customer.email },
    after: { email },
  })
}

/** Gives the customer `key` the address `email` (lower-cased, already validated). */
export function changeCustomerEmail(deps: CustomerEmailDeps, key: string, email: string, actor: AuditActor): Promise<EmailCorrection> {
  const ref = customerRefOf(key)
  if (!ref) throw notFound(CUSTOMER_MESSAGES.notFound)
  return deps.db.transaction(async (tx) => {
    const customer = await lockCustomer(deps, tx, ref)
    refuseSameEmail(customer, email)
    await refuseTakenEmail(deps, tx, customer, email)
    await changeAccountEmail(deps, tx, customer, email)
    const ordersMoved = await moveOrders(deps, tx, customer, email)
    await recordChange(deps, tx, customer, email, actor)
    return { key: customerKeyOf({ userId: customer.userId, email }), email, ordersMoved }
  })
}
