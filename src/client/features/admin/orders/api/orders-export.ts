/**
 * The address of the accountant's CSV export of paid orders (for the days the orders list is
 * filtered to, if any), downloaded by the browser with the owner's session.
 */
import { withQuery } from '../../../../api/http.ts'

export const ordersExportUrl = (from: string, to: string) => withQuery('/api/admin/exports/orders.csv', { from, to })
