/**
 * The owner's customers under /api/admin/customers: the list (who paid, how often and for how
 * much, found by email or name), one customer's page (`:id` is an account id or a guest key, see
 * src/shared/contract/admin-customers.ts) and correcting a buyer's email. Support staff may read
 * the list and the pages (`support: true`); correcting an email is the admin's, audited as
 * `customer.change_email` (the change-customer-email flow, src/server/flows/).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  changeCustomerEmailBodySchema,
  changeCustomerEmailResponseSchema,
  customerKeyOf,
  customerParamsSchema,
  customerResponseSchema,
  listCustomersQuerySchema,
  listCustomersResponseSchema,
} from '../../shared/contract/admin-customers.ts'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import type { CustomerAccountsService } from '../auth/customer-accounts.service.ts'
import { requireAdmin } from '../auth/session.ts'
import type { CustomersService } from '../orders/customers.service.ts'
import { changeCustomerEmail, type CustomerEmailDeps } from '../flows/change-customer-email.ts'
import { customerPage, type CustomerPageDeps } from './customer-page.ts'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 500: apiErrorSchema }

export type AdminCustomersDeps = CustomerPageDeps &
  CustomerEmailDeps & {
    customers: Pick<CustomersService, 'customers'>
    accounts: Pick<CustomerAccountsService, 'accountIdsMatching' | 'namesOf'>
  }

export function adminCustomersRoutes(deps: AdminCustomersDeps): FastifyPluginAsyncZod {
  const { customers, accounts } = deps
  return async (app) => {
    app.get(
      '/api/admin/customers',
      {
        schema: {
          tags: ['admin'],
          summary: 'Customers who paid, most spent first, with their order count; search by part of the email or name',
          querystring: listCustomersQuerySchema,
          response: { 200: listCustomersResponseSchema, ...errors },
        },
        config: { failureMessage: 'Failed to load customers', support: true },
      },
      async (request) => {
        const { search } = request.query
        const matchingAccounts = search ? await accounts.accountIdsMatching(search) : []
        const { rows, total } = await customers.customers(request.query, matchingAccounts)
        const names = await accounts.namesOf(rows.flatMap((row) => (row.userId ? [row.userId] : [])))
        return {
          data: rows.map((row) => ({
            key: customerKeyOf(row),
            email: row.email,
            name: (row.userId && names.get(row.userId)) || row.checkoutName,
            userId: row.userId,
            orders: row.orders,
            spentCents: row.spentCents,
            lastOrderAt: row.lastOrderAt.toISOString(),
          })),
          total,
          hasMore: request.query.offset + rows.length < total,
        }
      },
    )

    app.get(
      '/api/admin/customers/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'One customer (an account, or a guest by address): orders and items with downloads left, refunds, disputes, total paid and emails sent',
          params: customerParamsSchema,
          response: { 200: customerResponseSchema, ...errors },
        },
        config: { failureMessage: 'Failed to load the customer', support: true },
      },
      async (request) => ({ data: await customerPage(deps, request.params.id) }),
    )

    app.patch(
      '/api/admin/customers/:id/email',
      {
        schema: {
          tags: ['admin'],
          summary: "Correct a buyer's email: the account's (left unconfirmed) or a guest's, with the orders at the old address",
          params: customerParamsSchema,
          body: changeCustomerEmailBodySchema,
          response: { 200: changeCustomerEmailResponseSchema, ...errors },
        },
        config: { failureMessage: 'Failed to change the email' },
      },
      async (request) => {
        const actor = await requireAdmin(request)
        return { data: await changeCustomerEmail(deps, request.params.id, request.body.email, actor) }
      },
    )
  }
}
