/**
 * `Content-Disposition: attachment` with the file's name as RFC 6266 wants it: a plain ASCII
 * `filename` for old clients and, when the name needs more, `filename*` in UTF-8 percent
 * encoding (RFC 8187 / 5987). Written here rather than importing the `content-disposition`
 * package, which only arrives as a dependency of @fastify/static and asks for Node 22.
 */

/** Characters RFC 8187 lets through unencoded (attr-char). */
const ATTR_CHAR = /[A-Za-z0-9!#$&+\-.^_`|~]/

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

function encodeExtended(value: string): string {
  let out = ''
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte)
    out += byte < 0x80 && ATTR_CHAR.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}

export function attachmentDisposition(fileName: string): string {
  const name = safeFileName(fileName)
  const ascii = name.replace(/[^\x20-\x7e]/g, '_')
  // Inside a quoted-string only `"` and `\` need escaping; safeFileName already removed `"`.
  const quoted = ascii.replace(/\\/g, '\\\\')
  if (ascii === name) return `attachment; filename="${quoted}"`
  return `attachment; filename="${quoted}"; filename*=UTF-8''${encodeExtended(name)}`
}
