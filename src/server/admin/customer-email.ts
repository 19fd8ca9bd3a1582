/**
 * Correcting a buyer's email, in one transaction with its audit entry: an account gets the new
 * address (unconfirmed, as any new address is, and refused with 409 when another account has
 * it), and the orders at the old address move with it (an account's own and the guest orders
 * there); a guest's orders move to the new address, whose key is then the guest's. An order's
 * private links name the order, so they keep working. Nothing is written when a step refuses.
 */
import { CUSTOMER_MESSAGES, customerRefOf, guestCustomerKey, type EmailCorrection } from '../../shared/contract/admin-customers.ts'
import type { CustomerAccountsService } from '../auth/customer-accounts.service.ts'
import type { Database } from '../db/client.ts'
import { badRequest, notFound } from '../http/errors.ts'
import type { CustomersService } from '../orders/customers.service.ts'
import type { AuditActor, AuditService } from './audit.service.ts'

export const CHANGE_EMAIL_ACTION = 'customer.change_email'

export interface CustomerEmailDeps {
  db: Database
  customers: Pick<CustomersService, 'lockGuestOrders' | 'moveOrdersToEmail'>
  accounts: Pick<CustomerAccountsService, 'lockAccount' | 'assertEmailFree' | 'changeEmail'>
  audit: Pick<AuditService, 'record'>
}

/** Gives the customer `key` the address `email` (lower-cased, already validated). */
export function changeCustomerEmail(
  { db, customers, accounts, audit }: CustomerEmailDeps,
  key: string,
  email: string,
  actor: AuditActor,
): Promise<EmailCorrection> {
  const ref = customerRefOf(key)
  if (!ref) throw notFound(CUSTOMER_MESSAGES.notFound)
  return db.transaction(async (tx) => {
    if (ref.kind === 'account') {
      const account = await accounts.lockAccount(tx, ref.userId)
      if (!account) throw notFound(CUSTOMER_MESSAGES.notFound)
      if (account.email === email) throw badRequest(CUSTOMER_MESSAGES.emailUnchanged, 'EMAIL_UNCHANGED')
      await accounts.assertEmailFree(tx, email, account.id)
      await accounts.changeEmail(tx, account.id, email)
      const ordersMoved = await customers.moveOrdersToEmail(tx, { userId: account.id, email: account.email }, account.email, email)
      await audit.record(tx, {
        actor,
        action: CHANGE_EMAIL_ACTION,
        subject: { type: 'user', id: account.id },
        before: { email: account.email },
        after: { email },
      })
      return { key: account.id, email, ordersMoved }
    }
    if ((await customers.lockGuestOrders(tx, ref.email)) === 0) throw notFound(CUSTOMER_MESSAGES.notFound)
    if (ref.email === email) throw badRequest(CUSTOMER_MESSAGES.emailUnchanged, 'EMAIL_UNCHANGED')
    // An address an account has is refused for a guest too: the orders would sit at that account's address without being its own.
    await accounts.assertEmailFree(tx, email)
    const ordersMoved = await customers.moveOrdersToEmail(tx, { userId: null, email: ref.email }, ref.email, email)
    const newKey = guestCustomerKey(email)
    await audit.record(tx, { actor, action: CHANGE_EMAIL_ACTION, subject: { type: 'customer', id: newKey }, before: { email: ref.email }, after: { email } })
    return { key: newKey, email, ordersMoved }
  })
}
