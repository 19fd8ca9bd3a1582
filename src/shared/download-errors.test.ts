/** The download error table of accounts spec §8: server message (or status/code) → shown text. */
import { describe, expect, it } from 'vitest'
import { DOWNLOAD_MESSAGES, downloadErrorMessage } from './download-errors.ts'

describe('downloadErrorMessage', () => {
  it.each([
    ['Authorization required', 401, 'UNAUTHORIZED', 'Please log in to download your files'],
    ['No downloads remaining', 400, 'NO_DOWNLOADS_REMAINING', 'You have used all available downloads for this product'],
    ['Order not completed', 400, 'ORDER_NOT_COMPLETED', 'Your order is still being processed'],
    ['Access denied', 403, 'ACCESS_DENIED', 'You do not have permission to download this file'],
  ])('maps "%s" (%i %s) to the spec text', (message, status, code, shown) => {
    expect(downloadErrorMessage({ message, status, code })).toBe(shown)
  })

  it('matches the message whatever its case or surrounding words', () => {
    expect(downloadErrorMessage({ message: 'Error: no DOWNLOADS remaining for this item' })).toBe(DOWNLOAD_MESSAGES.noDownloadsRemaining)
  })

  it('asks to log in for any 401, even with another message', () => {
    expect(downloadErrorMessage({ message: 'User not authenticated', status: 401, code: 'UNAUTHORIZED' })).toBe(DOWNLOAD_MESSAGES.loginRequired)
  })

  it('falls back on the code when the message is not in the table', () => {
    expect(downloadErrorMessage({ message: 'Something else', status: 400, code: 'ORDER_NOT_COMPLETED' })).toBe(DOWNLOAD_MESSAGES.orderNotCompleted)
  })

  it("shows the server's own message for a failure outside the table", () => {
    expect(downloadErrorMessage({ message: 'Order item not found', status: 404, code: 'NOT_FOUND' })).toBe('Order item not found')
  })

  it('shows the generic text when nothing was said', () => {
    expect(downloadErrorMessage({ message: '  ', status: 500 })).toBe('Failed to generate download URL')
    expect(downloadErrorMessage({})).toBe('Failed to generate download URL')
  })

  it('names the product in the started toast', () => {
    expect(DOWNLOAD_MESSAGES.started('Midnight Drums')).toBe('Download started for Midnight Drums')
  })
})
