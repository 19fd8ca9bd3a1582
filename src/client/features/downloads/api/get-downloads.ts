/**
 * GET /api/downloads?limit&offset: the signed-in producer's download log, newest first, ten a
 * page — the hub's "Recent downloads".
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { DOWNLOADS_DEFAULT_PAGE_SIZE, type DownloadLogEntry } from '../../../../shared/contract/downloads.ts'
import { DOWNLOAD_SERVER_MESSAGES } from '../../../../shared/contract/download-messages.ts'
import { apiRequest, withQuery } from '../../../api/http.ts'
import { FIVE_MINUTES } from '../../../api/query-client.ts'

export interface DownloadsPage {
  data: DownloadLogEntry[]
  hasMore: boolean
}

export function getDownloads(offset: number, limit = DOWNLOADS_DEFAULT_PAGE_SIZE): Promise<DownloadsPage> {
  return apiRequest<DownloadsPage>(withQuery('/api/downloads', { limit, offset }), {}, DOWNLOAD_SERVER_MESSAGES.fetchDownloads)
}

export function downloadsQueryKey(userId: string) {
  return ['downloads', userId, 'log'] as const
}

export function downloadsQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: downloadsQueryKey(userId),
    queryFn: ({ pageParam }) => getDownloads(pageParam),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => (lastPage.hasMore ? pages.reduce((count, page) => count + page.data.length, 0) : undefined),
    staleTime: FIVE_MINUTES,
  })
}

export function useDownloads(userId: string) {
  return useInfiniteQuery(downloadsQueryOptions(userId))
}
