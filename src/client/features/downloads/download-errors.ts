/**
 * The download error catalogue: what a producer reads when a download cannot start, chosen by
 * the error's status and code (DOWNLOAD_ERROR_CODES), never by the wording of its message.
 * Used by the download hub. The server's side (messages, codes) is the contract in
 * src/shared/contract/downloads.ts.
 */
import { DOWNLOAD_SERVER_MESSAGES } from '../../../shared/contract/download-messages.ts'
import { DOWNLOAD_ERROR_CODES, DOWNLOAD_LIMIT_REACHED_TEXT } from '../../../shared/contract/downloads.ts'

export const DOWNLOAD_MESSAGES = {
  loginRequired: 'Please log in to download your files',
  noDownloadsRemaining: 'You have used all available downloads for this product',
  orderNotCompleted: 'Your order is still being processed',
  accessDenied: 'You do not have permission to download this file',
  /** The toast of every failed download; the mapped text appears beside the product. */
  failedToast: 'Download failed',
  started: (productName: string) => `Download started for ${productName}`,
  limitReached: DOWNLOAD_LIMIT_REACHED_TEXT,
  loadFailed: 'Failed to load downloads. Please try again.',
  noDownloadUrl: 'No download URL received',
  createFailed: DOWNLOAD_SERVER_MESSAGES.createDownload,
} as const

/** The code-decided texts of a refused download; any other code shows the server's message. */
const BY_CODE: ReadonlyMap<string, string> = new Map([
  [DOWNLOAD_ERROR_CODES.unauthorized, DOWNLOAD_MESSAGES.loginRequired],
  [DOWNLOAD_ERROR_CODES.noDownloadsRemaining, DOWNLOAD_MESSAGES.noDownloadsRemaining],
  [DOWNLOAD_ERROR_CODES.orderNotCompleted, DOWNLOAD_MESSAGES.orderNotCompleted],
  [DOWNLOAD_ERROR_CODES.accessDenied, DOWNLOAD_MESSAGES.accessDenied],
])

export interface DownloadFailure {
  message?: string | null
  status?: number | null
  code?: string | null
}

/**
 * The text shown beside a product whose download failed: a 401 always asks the producer to log
 * in, whatever its code; a known code gets its text; any other failure shows the server's own
 * message, else the generic one.
 */
export function downloadErrorMessage({ message, status, code }: DownloadFailure): string {
  if (status === 401) return DOWNLOAD_MESSAGES.loginRequired
  const byCode = code ? BY_CODE.get(code) : undefined
  if (byCode) return byCode
  return message?.trim() || DOWNLOAD_MESSAGES.createFailed
}
