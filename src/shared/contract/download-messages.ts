/** The download grant's error texts: plain strings, free of the schemas, for the browser's first load. */

/** Messages the server answers with (download grants and reads). */
export const DOWNLOAD_SERVER_MESSAGES = {
  authorizationRequired: 'Authorization required',
  noDownloadsRemaining: 'No downloads remaining',
  orderNotCompleted: 'Order not completed',
  accessDenied: 'Access denied',
  orderItemNotFound: 'Order item not found',
  linkExpired: 'Download link expired',
  invalidLink: 'Invalid download link',
  fileMissing: 'File not found',
  fetchPurchases: 'Failed to fetch purchased products',
  fetchDownloads: 'Failed to fetch downloads',
  createDownload: 'Failed to generate download URL',
} as const
