/** The address of the accountant's CSV export of customers, downloaded by the browser with the owner's session. */
export const CUSTOMERS_EXPORT_URL = '/api/admin/exports/customers.csv'
