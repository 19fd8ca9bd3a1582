/**
 * One customer's page, read through the services that own each part: who they are (the account,
 * or a guest's address and first order), their orders with items, refunds and disputes (orders),
 * the downloads each item's grants used (downloads), the products' names (catalog) and the
 * emails the store sent them (the outbox). A fixed number of queries whatever the orders hold.
 */
import { CUSTOMER_EMAILS_SHOWN, CUSTOMER_MESSAGES, customerRefOf, type CustomerDetail } from '../../shared/contract/admin-customers.ts'
import type { CustomerAccountsService } from '../auth/customer-accounts.service.ts'
import type { CatalogReadsService } from '../catalog/catalog-reads.service.ts'
import type { Database } from '../db/client.ts'
import type { DownloadsService } from '../downloads/downloads.service.ts'
import { emailsTo } from '../email/outbox-history.ts'
import { notFound } from '../http/errors.ts'
import { toCustomerOrderView, type CustomerOrdersOf, type CustomersService } from '../orders/customers.service.ts'

export interface CustomerPageDeps {
  db: Database
  customers: Pick<CustomersService, 'customerOrders' | 'customerTotals'>
  accounts: Pick<CustomerAccountsService, 'accountOf'>
  downloads: Pick<DownloadsService, 'downloadCountsOf'>
  catalog: Pick<CatalogReadsService, 'productSummariesByIds'>
}

/** The customer a key names, as their page shows them; 404 for a key that names no account and no guest with orders. */
export async function customerPage({ db, customers, accounts, downloads, catalog }: CustomerPageDeps, key: string): Promise<CustomerDetail> {
  const ref = customerRefOf(key)
  if (!ref) throw notFound(CUSTOMER_MESSAGES.notFound)
  const account = ref.kind === 'account' ? await accounts.accountOf(ref.userId) : null
  if (ref.kind === 'account' && !account) throw notFound(CUSTOMER_MESSAGES.notFound)
  const of: CustomerOrdersOf = account ? { userId: account.id, email: account.email } : { userId: null, email: ref.kind === 'guest' ? ref.email : '' }

  const [orders, totals] = await Promise.all([customers.customerOrders(of), customers.customerTotals(of)])
  if (!account && totals.orders === 0) throw notFound(CUSTOMER_MESSAGES.notFound)
  const items = orders.flatMap((order) => order.items)
  const [products, downloadCounts, emails] = await Promise.all([
    catalog.productSummariesByIds(items.map((item) => item.productId)),
    downloads.downloadCountsOf(items.map((item) => item.id)),
    emailsTo(db, [of.email, ...orders.map((order) => order.customerEmail)], CUSTOMER_EMAILS_SHOWN),
  ])

  return {
    key,
    kind: account ? 'account' : 'guest',
    email: of.email,
    name: account?.name.trim() || totals.checkoutName,
    emailVerified: account?.emailVerified ?? false,
    since: (account?.createdAt ?? totals.firstOrderAt ?? new Date()).toISOString(),
    paidOrders: totals.paidOrders,
    paidCents: totals.paidCents,
    refundedCents: totals.refundedCents,
    orders: orders.map((order) => toCustomerOrderView(order, products, downloadCounts)),
    ordersTotal: totals.orders,
    emails: emails.map((email) => ({
      id: email.id,
      to: email.to,
      subject: email.subject,
      status: email.status,
      attempts: email.attempts,
      queuedAt: email.queuedAt.toISOString(),
      sentAt: email.sentAt?.toISOString() ?? null,
      lastError: email.lastError,
    })),
  }
}
