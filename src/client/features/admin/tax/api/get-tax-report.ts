/** GET /api/admin/tax-report?quarter: the quarter's tax per country, region and rate, net of refunds; and the address of its CSV. */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { TaxReport } from '../../../../../shared/contract/tax-report.ts'
import { apiRequest, withQuery } from '../../../../api/http.ts'

/** The CSV of the same quarter, downloaded by the browser with the owner's session. */
export const taxReportCsvUrl = (quarter: string) => withQuery('/api/admin/tax-report.csv', { quarter })

export function useTaxReport(quarter: string) {
  return useQuery({
    queryKey: ['admin', 'tax-report', quarter],
    queryFn: () =>
      apiRequest<{ data: TaxReport }>(withQuery('/api/admin/tax-report', { quarter }), {}, 'Failed to load the tax report').then((body) => body.data),
    placeholderData: keepPreviousData,
  })
}
