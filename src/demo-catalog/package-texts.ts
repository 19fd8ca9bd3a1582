/** What goes inside every product download: the entry type, the README and the licence. */
import type { ProductDefinition } from './catalog-types.ts'

/** One file inside a product's zip; audio is stored uncompressed (deflate barely shrinks it). */
export interface PackageEntry {
  path: string
  data: Uint8Array
  compress: boolean
}

/** Text files; .txt gets CRLF line ends so it reads right in every Windows editor. */
export function textEntry(path: string, text: string): PackageEntry {
  const body = path.endsWith('.txt') ? text.replace(/\r?\n/g, '\r\n') : text
  return { path, data: new TextEncoder().encode(body), compress: true }
}

export interface ReadmeSection {
  title: string
  lines: string[]
}

export function readmeText(product: ProductDefinition, sections: ReadmeSection[]): string {
  const { metadata } = product
  const facts = [
    typeof metadata.bpm === 'number' ? `Tempo: ${metadata.bpm} BPM` : null,
    typeof metadata.key === 'string' ? `Key: ${metadata.key}` : null,
    typeof metadata.genre === 'string' ? `Genre: ${metadata.genre}` : null,
  ].filter((fact): fact is string => fact !== null)
  const parts = [
    `${product.name}`,
    '='.repeat(product.name.length),
    'ALS (Audio Lab Store)',
    '',
    wrap(product.description),
    ...(facts.length > 0 ? ['', ...facts] : []),
  ]
  for (const section of sections) parts.push('', section.title, '-'.repeat(section.title.length), ...section.lines)
  parts.push('', 'Licence: see LICENSE.txt. Questions: support through your ALS account page.', '')
  return parts.join('\n')
}

/** Seats a licence covers: a purchase limit above one on a non-download product sells seats. */
export function licensedSeats(product: ProductDefinition): number {
  const limit = Number.parseInt(String(product.metadata.purchase_limit ?? '1'), 10)
  return Number.isFinite(limit) && limit > 1 ? limit : 1
}

export function licenseText(product: ProductDefinition): string {
  const seats = licensedSeats(product)
  return [
    'ALS Royalty-Free Licence',
    '',
    `Product: ${product.name}`,
    `Seats: ${seats === 1 ? '1 (one person, any number of their own computers)' : `${seats} per licence purchased (people in the same studio or company)`}`,
    '',
    wrap(
      'You may use the contents of this product in your own music, sound design, film, game, broadcast and other productions, commercial or not, without further fees or credit. Audio rendered from MIDI, presets or instruments in this product is yours.',
    ),
    '',
    wrap(
      'You may not resell, share, upload or give away the files themselves, alone or in another sample pack, preset bank, instrument or library, or use them to train models that generate audio or MIDI.',
    ),
    '',
    'The files are provided as they are, without warranty. Audio Lab Store keeps the copyright.',
    '',
  ].join('\n')
}

/** Plain-text paragraphs wrapped at 88 columns. */
function wrap(text: string, width = 88): string {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    if (line.length > 0 && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else line = line.length > 0 ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines.join('\n')
}
