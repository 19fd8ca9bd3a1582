/** The download error catalogue: status and code → shown text, whatever the server's message says. */
import { describe, expect, it } from 'vitest'
import { DOWNLOAD_ERROR_CODES } from '../../../shared/contract/downloads.ts'
import { DOWNLOAD_MESSAGES, downloadErrorMessage } from './download-errors.ts'

describe('downloadErrorMessage', () => {
  it.each([
    ['Authorization required', 401, DOWNLOAD_ERROR_CODES.unauthorized, 'Please log in to download your files'],
    ['No downloads remaining', 400, DOWNLOAD_ERROR_CODES.noDownloadsRemaining, 'You have used all available downloads for this product'],
    ['Order not completed', 400, DOWNLOAD_ERROR_CODES.orderNotCompleted, 'Your order is still being processed'],
    ['Access denied', 403, DOWNLOAD_ERROR_CODES.accessDenied, 'You do not have permission to download this file'],
  ])('maps "%s" (%i %s) to its text', (message, status, code, shown) => {
    expect(downloadErrorMessage({ message, status, code })).toBe(shown)
  })

  it('chooses by code whatever the message says', () => {
    expect(downloadErrorMessage({ message: 'Something else', status: 400, code: DOWNLOAD_ERROR_CODES.orderNotCompleted })).toBe(
      DOWNLOAD_MESSAGES.orderNotCompleted,
    )
    expect(downloadErrorMessage({ message: '', status: 400, code: DOWNLOAD_ERROR_CODES.noDownloadsRemaining })).toBe(DOWNLOAD_MESSAGES.noDownloadsRemaining)
    expect(downloadErrorMessage({ message: 'Forbidden', status: 403, code: DOWNLOAD_ERROR_CODES.accessDenied })).toBe(DOWNLOAD_MESSAGES.accessDenied)
  })

  it('never chooses by the words of the message', () => {
    // The message names a mapped case, but the code does not: the message is shown as it is.
    expect(downloadErrorMessage({ message: 'No downloads remaining', status: 400, code: 'VALIDATION_ERROR' })).toBe('No downloads remaining')
    expect(downloadErrorMessage({ message: 'Access denied by proxy', status: 502, code: 'HTTP_ERROR' })).toBe('Access denied by proxy')
  })

  it('asks to log in for any 401, whatever its code or message', () => {
    expect(downloadErrorMessage({ message: 'User not authenticated', status: 401, code: 'HTTP_ERROR' })).toBe(DOWNLOAD_MESSAGES.loginRequired)
    expect(downloadErrorMessage({ status: 401 })).toBe(DOWNLOAD_MESSAGES.loginRequired)
  })

  it("shows the server's own message for any other code", () => {
    expect(downloadErrorMessage({ message: 'Order item not found', status: 404, code: DOWNLOAD_ERROR_CODES.notFound })).toBe('Order item not found')
  })

  it('shows the generic text when nothing was said', () => {
    expect(downloadErrorMessage({ message: '  ', status: 500 })).toBe('Failed to generate download URL')
    expect(downloadErrorMessage({})).toBe('Failed to generate download URL')
  })

  it('names the product in the started toast', () => {
    expect(DOWNLOAD_MESSAGES.started('Midnight Drums')).toBe('Download started for Midnight Drums')
  })
})
