/**
 * The addresses of the accountant's CSV exports, downloaded by the browser with the owner's
 * session: paid orders (for the days the orders list is filtered to, if any) and customers.
 */
import { withQuery } from '../../../api/http.ts'

export const ordersExportUrl = (from: string, to: string) => withQuery('/api/admin/exports/orders.csv', { from, to })

export const CUSTOMERS_EXPORT_URL = '/api/admin/exports/customers.csv'
