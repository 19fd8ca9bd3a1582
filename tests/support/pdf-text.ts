/**
 * The text of a PDF drawn with pdfkit, for tests: each content stream is inflated and each text
 * object's glyph strings (pdfkit writes them as hex in TJ arrays, in the standard fonts' 8-bit
 * encoding) are read as one line.
 */
import { inflateSync } from 'node:zlib'

export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1')
  const lines: string[] = []
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1')
    } catch {
      continue
    }
    for (const block of content.matchAll(/BT([\s\S]*?)ET/g)) {
      const hex = [...block[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((glyphs) => Buffer.from(glyphs[1]!, 'hex').toString('latin1'))
      if (hex.length > 0) lines.push(hex.join(''))
    }
  }
  return lines.join('\n')
}
