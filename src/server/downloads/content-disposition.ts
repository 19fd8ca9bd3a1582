/**
 * `Content-Disposition: attachment` with the file's name as RFC 6266 wants it (the
 * `content-disposition` package: an ISO-8859-1 `filename` fallback plus a UTF-8 `filename*`
 * when the name needs it), after making the name safe on every file system.
 */
import contentDisposition from 'content-disposition'

/** A name safe on every file system: no path, no control or reserved characters. */
export function safeFileName(name: string, fallback = 'download'): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/[\\/:*?"<>|]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 200)
  return cleaned === '' ? fallback : cleaned
}

export function attachmentDisposition(fileName: string): string {
  return contentDisposition(safeFileName(fileName), { type: 'attachment' })
}
