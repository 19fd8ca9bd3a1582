/**
 * The download error catalogue (accounts spec §8): what a producer reads when a download
 * cannot start, mapped from the server's message (as the spec's table does) or, when the
 * message is not one of the table's, from its status and code. Used by the download hub.
 * The server's side of the table (messages, codes) is the contract in contract/downloads.ts.
 */
import { DOWNLOAD_ERROR_CODES, DOWNLOAD_LIMIT_REACHED_TEXT, DOWNLOAD_SERVER_MESSAGES } from './contract/downloads.ts'

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

const BY_MESSAGE: ReadonlyArray<readonly [needle: string, shown: string]> = [
  [DOWNLOAD_SERVER_MESSAGES.authorizationRequired, DOWNLOAD_MESSAGES.loginRequired],
  [DOWNLOAD_SERVER_MESSAGES.noDownloadsRemaining, DOWNLOAD_MESSAGES.noDownloadsRemaining],
  [DOWNLOAD_SERVER_MESSAGES.orderNotCompleted, DOWNLOAD_MESSAGES.orderNotCompleted],
  [DOWNLOAD_SERVER_MESSAGES.accessDenied, DOWNLOAD_MESSAGES.accessDenied],
]

const BY_CODE: Readonly<Record<string, string>> = {
  [DOWNLOAD_ERROR_CODES.noDownloadsRemaining]: DOWNLOAD_MESSAGES.noDownloadsRemaining,
  [DOWNLOAD_ERROR_CODES.orderNotCompleted]: DOWNLOAD_MESSAGES.orderNotCompleted,
  [DOWNLOAD_ERROR_CODES.accessDenied]: DOWNLOAD_MESSAGES.accessDenied,
}

export interface DownloadFailure {
  message?: string | null
  status?: number | null
  code?: string | null
}

/**
 * The text shown beside a product whose download failed. The table matches on the server's
 * message (ignoring case); a 401 always asks the producer to log in, whatever the session
 * layer answered; any other failure shows the server's own message, else the generic one.
 */
export function downloadErrorMessage({ message, status, code }: DownloadFailure): string {
  const text = message?.trim() ?? ''
  const lower = text.toLowerCase()
  for (const [needle, shown] of BY_MESSAGE) {
    if (lower.includes(needle.toLowerCase())) return shown
  }
  if (status === 401) return DOWNLOAD_MESSAGES.loginRequired
  if (code && BY_CODE[code]) return BY_CODE[code]
  return text || DOWNLOAD_MESSAGES.createFailed
}
