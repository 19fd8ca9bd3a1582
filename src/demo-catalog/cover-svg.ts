/**
 * The SVG of a product's cover art and its gallery variants: a seeded palette, a motif that
 * says what the product is (waveform, piano roll, keys, knobs, grid) and the name in type.
 */
import type { ProductDefinition } from './catalog-types.ts'
import { compose } from './composition.ts'
import { GROOVES } from './grooves.ts'
import type { DrumName } from './grooves.ts'
import { between, createRandom } from './prng.ts'
import type { Random } from './prng.ts'

export const COVER_SIZE = 1024
const FONT = 'DejaVu Sans, Arial, sans-serif'
const CATEGORY_LABELS: Record<ProductDefinition['categorySlug'], string> = {
  'sample-packs': 'SAMPLE PACK',
  'midi-packs': 'MIDI PACK',
  instruments: 'INSTRUMENT',
  processors: 'PROCESSOR',
  tools: 'TOOL',
}

interface Palette {
  backgroundTop: string
  backgroundBottom: string
  glow: string
  accent: string
  accentAlt: string
  angle: number
}

function hsl(hue: number, saturation: number, lightness: number): string {
  const h = (((hue % 360) + 360) % 360) / 360
  const s = saturation / 100
  const l = lightness / 100
  const channel = (n: number): string => {
    const k = (n + h * 12) % 12
    const value = l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1))
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0')
  }
  return `#${channel(0)}${channel(8)}${channel(4)}`
}

/**
 * The product's colours. With a catalog position the base hue steps round the colour wheel by
 * the golden angle, so neighbouring products never share a palette; the slug's seed varies the rest.
 */
export function paletteFor(slug: string, position?: number): Palette {
  const random = createRandom(`${slug}|palette`)
  const jitter = random() * 360
  const hue = position === undefined ? jitter : position * 137.508 + jitter * 0.06
  const accentHue = hue + 150 + random() * 60
  return {
    backgroundTop: hsl(hue, between(random, 45, 70), between(random, 16, 24)),
    backgroundBottom: hsl(hue + between(random, 30, 70), between(random, 50, 70), between(random, 5, 9)),
    glow: hsl(hue + between(random, -20, 20), 80, 50),
    accent: hsl(accentHue, between(random, 75, 95), between(random, 58, 66)),
    accentAlt: hsl(accentHue + between(random, 40, 90), 85, 68),
    angle: Math.floor(random() * 360),
  }
}

const escapeXml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const f = (value: number): string => value.toFixed(1)

/** Splits the name into at most three lines at a font size that fits the cover. */
function fitName(name: string, maxWidth: number): { lines: string[]; size: number } {
  const words = name.split(/\s+/)
  for (let size = 112; size >= 48; size -= 8) {
    // DejaVu Sans Bold averages about 0.64 em per character.
    const perLine = Math.floor(maxWidth / (size * 0.64))
    const lines: string[] = []
    let line = ''
    for (const word of words) {
      if (line && line.length + 1 + word.length > perLine) {
        lines.push(line)
        line = word
      } else line = line ? `${line} ${word}` : word
    }
    if (line) lines.push(line)
    if (lines.length <= 3 && lines.every((text) => text.length <= perLine)) return { lines, size }
  }
  return { lines: [name], size: 44 }
}

function subtitle(product: ProductDefinition): string {
  const { metadata } = product
  const facts = [
    typeof metadata.genre === 'string' ? metadata.genre : null,
    typeof metadata.bpm === 'number' ? `${metadata.bpm} BPM` : null,
    typeof metadata.key === 'string' ? metadata.key : null,
  ].filter((fact): fact is string => fact !== null)
  return facts.length > 0 ? facts.join('  ·  ') : (product.metadata.tags ?? []).slice(0, 3).join('  ·  ')
}

/** Cover (variant 1) and gallery art (variants 2 and 3) for a product. */
export function coverSvg(product: ProductDefinition, variant: 1 | 2 | 3, position?: number): string {
  const palette = paletteFor(product.slug, position)
  const random = createRandom(`${product.slug}|art|${variant}`)
  const motif = variant === 1 ? categoryMotif(product, palette, random) : variant === 2 ? radialSpectrum(palette, random) : stepGrid(product, palette)
  const { lines, size } = fitName(product.name, COVER_SIZE - 160)
  // Variant 3 puts the name at the top so the step grid can fill the bottom half.
  const lineHeight = size * 1.05
  const nameTop = variant === 3 ? 210 + size : COVER_SIZE - 150 - (lines.length - 1) * lineHeight
  const nameBottom = nameTop + (lines.length - 1) * lineHeight
  const nameText = lines
    .map(
      (line, index) =>
        `<text x="80" y="${f(nameTop + index * lineHeight)}" font-family="${FONT}" font-weight="bold" font-size="${size}" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join('')
  const cx = f(between(random, 200, 824))
  const cy = f(between(random, 150, 600))
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_SIZE}" height="${COVER_SIZE}" viewBox="0 0 ${COVER_SIZE} ${COVER_SIZE}">
<defs>
<linearGradient id="bg" gradientTransform="rotate(${palette.angle} 0.5 0.5)"><stop offset="0" stop-color="${palette.backgroundTop}"/><stop offset="1" stop-color="${palette.backgroundBottom}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${palette.glow}" stop-opacity="0.55"/><stop offset="1" stop-color="${palette.glow}" stop-opacity="0"/></radialGradient>
<linearGradient id="accent" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${palette.accent}"/><stop offset="1" stop-color="${palette.accentAlt}"/></linearGradient>
<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.55" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.55"/></linearGradient>
</defs>
<rect width="${COVER_SIZE}" height="${COVER_SIZE}" fill="url(#bg)"/>
<circle cx="${cx}" cy="${cy}" r="520" fill="url(#glow)"/>
${motif}
<rect width="${COVER_SIZE}" height="${COVER_SIZE}" fill="url(#shade)"/>
<text x="80" y="110" font-family="${FONT}" font-weight="bold" font-size="30" letter-spacing="6" fill="#ffffff" fill-opacity="0.8">${CATEGORY_LABELS[product.categorySlug]}</text>
<g transform="translate(824 62)"><rect width="120" height="60" rx="14" fill="none" stroke="#ffffff" stroke-opacity="0.85" stroke-width="4"/><text x="60" y="42" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="32" fill="#ffffff">ALS</text></g>
${nameText}
<text x="82" y="${f(nameBottom + 64)}" font-family="${FONT}" font-size="34" fill="#ffffff" fill-opacity="0.78">${escapeXml(subtitle(product))}</text>
<rect x="80" y="${f(nameBottom + 100)}" width="160" height="8" rx="4" fill="url(#accent)"/>
</svg>`
}

function categoryMotif(product: ProductDefinition, palette: Palette, random: Random): string {
  switch (product.categorySlug) {
    case 'sample-packs':
      return waveformBars(random)
    case 'midi-packs':
      return pianoRoll(product)
    case 'instruments':
      return keyboard(palette, random)
    case 'processors':
      return knobs(palette, random)
    case 'tools':
      return toolGrid(palette, random)
  }
}

/** A mirrored waveform overview, louder where the seeded "song" builds. */
function waveformBars(random: Random): string {
  const bars: string[] = []
  const count = 56
  const width = 12
  const gap = (COVER_SIZE - 160 - count * width) / (count - 1)
  let level = 0.5
  for (let i = 0; i < count; i++) {
    level = Math.min(1, Math.max(0.12, level + (random() - 0.5) * 0.35))
    const beat = i % 4 === 0 ? 1 : 0.75
    const height = 40 + level * beat * 300
    bars.push(
      `<rect x="${f(80 + i * (width + gap))}" y="${f(440 - height / 2)}" width="${width}" height="${f(height)}" rx="6" fill="url(#accent)" fill-opacity="${f(0.55 + level * 0.45)}"/>`,
    )
  }
  return `<g>${bars.join('')}</g>`
}

/** The first bars of the product's own chords and melody, drawn as a piano roll. */
function pianoRoll(product: ProductDefinition): string {
  const score = compose(product.sound, { bars: 2, seed: `${product.slug}|cover` })
  const notes = [...score.chords, ...score.lead, ...score.arp, ...score.bass]
  const pitches = notes.map((note) => note.midi)
  const low = Math.min(...pitches, 48)
  const high = Math.max(...pitches, 72)
  const rowHeight = 430 / (high - low + 1)
  const stepWidth = (COVER_SIZE - 160) / 32
  const grid: string[] = []
  for (let step = 0; step <= 32; step += 4)
    grid.push(
      `<line x1="${f(80 + step * stepWidth)}" y1="160" x2="${f(80 + step * stepWidth)}" y2="600" stroke="#ffffff" stroke-opacity="${step % 16 === 0 ? 0.25 : 0.1}" stroke-width="2"/>`,
    )
  const blocks = notes
    .filter((note) => note.step < 32)
    .map((note) => {
      const width = Math.max(6, Math.min(32 - note.step, note.length) * stepWidth - 4)
      return `<rect x="${f(80 + note.step * stepWidth)}" y="${f(170 + (high - note.midi) * rowHeight)}" width="${f(width)}" height="${f(Math.max(6, rowHeight - 3))}" rx="4" fill="url(#accent)" fill-opacity="${f(0.45 + note.velocity * 0.5)}"/>`
    })
  return `<g>${grid.join('')}${blocks.join('')}</g>`
}

function keyboard(palette: Palette, random: Random): string {
  const rings = Array.from(
    { length: 5 },
    (_, i) =>
      `<circle cx="512" cy="300" r="${50 + i * 48}" fill="none" stroke="${i % 2 ? palette.accentAlt : palette.accent}" stroke-opacity="${f(0.7 - i * 0.12)}" stroke-width="${f(3 + random() * 5)}"/>`,
  )
  const keys: string[] = []
  const whiteWidth = (COVER_SIZE - 160) / 14
  for (let i = 0; i < 14; i++)
    keys.push(`<rect x="${f(80 + i * whiteWidth)}" y="440" width="${f(whiteWidth - 4)}" height="150" rx="6" fill="#ffffff" fill-opacity="0.88"/>`)
  for (let i = 0; i < 13; i++) {
    if (i % 7 === 2 || i % 7 === 6) continue
    keys.push(
      `<rect x="${f(80 + (i + 1) * whiteWidth - whiteWidth * 0.3)}" y="440" width="${f(whiteWidth * 0.56)}" height="92" rx="4" fill="${palette.backgroundBottom}"/>`,
    )
  }
  return `<g>${rings.join('')}${keys.join('')}</g>`
}

function knobs(palette: Palette, random: Random): string {
  const parts: string[] = []
  ;[230, 512, 794].forEach((cx, index) => {
    const value = 0.2 + random() * 0.7
    const radius = index === 1 ? 150 : 105
    const cy = 360
    const start = Math.PI * 0.75
    const end = start + Math.PI * 1.5 * value
    const arc = (angle: number, r: number): string => `${f(cx + Math.cos(angle) * r)} ${f(cy + Math.sin(angle) * r)}`
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${radius}" fill="#000000" fill-opacity="0.35" stroke="#ffffff" stroke-opacity="0.25" stroke-width="4"/>`)
    parts.push(
      `<path d="M ${arc(start, radius + 22)} A ${radius + 22} ${radius + 22} 0 ${end - start > Math.PI ? 1 : 0} 1 ${arc(end, radius + 22)}" fill="none" stroke="url(#accent)" stroke-width="12" stroke-linecap="round"/>`,
    )
    parts.push(
      `<line x1="${cx}" y1="${cy}" x2="${f(cx + Math.cos(end) * radius * 0.8)}" y2="${f(cy + Math.sin(end) * radius * 0.8)}" stroke="${palette.accent}" stroke-width="10" stroke-linecap="round"/>`,
    )
  })
  // A decay curve under the knobs: what a reverb or compressor does to a sound over time.
  const curve = Array.from({ length: 60 }, (_, i) => `${f(80 + i * 14.5)} ${f(600 - 130 * Math.exp(-i / 12))}`).join(' L ')
  parts.push(`<path d="M ${curve}" fill="none" stroke="${palette.accentAlt}" stroke-opacity="0.8" stroke-width="5"/>`)
  return `<g>${parts.join('')}</g>`
}

function toolGrid(palette: Palette, random: Random): string {
  const parts: string[] = []
  for (let i = 0; i <= 12; i++)
    parts.push(
      `<line x1="${80 + i * 72}" y1="170" x2="${80 + i * 72}" y2="${i % 4 === 0 ? 230 : 205}" stroke="#ffffff" stroke-opacity="0.5" stroke-width="3"/>`,
    )
  for (let i = 0; i < 12; i++) {
    const angle = (i / 12) * Math.PI * 2 - Math.PI / 2
    const lit = random() < 0.5
    parts.push(
      `<circle cx="${f(512 + Math.cos(angle) * 170)}" cy="${f(420 + Math.sin(angle) * 170)}" r="${lit ? 34 : 24}" fill="${lit ? palette.accent : '#ffffff'}" fill-opacity="${lit ? 0.9 : 0.2}"/>`,
    )
  }
  parts.push(`<circle cx="512" cy="420" r="100" fill="none" stroke="url(#accent)" stroke-width="10"/>`)
  return `<g>${parts.join('')}</g>`
}

/** Gallery art: a circular spectrum around concentric rings. */
function radialSpectrum(palette: Palette, random: Random): string {
  const parts: string[] = []
  const cx = 512
  const cy = 380
  let level = 0.5
  for (let i = 0; i < 90; i++) {
    level = Math.min(1, Math.max(0.1, level + (random() - 0.5) * 0.4))
    const angle = (i / 90) * Math.PI * 2
    const inner = 140
    const outer = inner + 30 + level * 140
    parts.push(
      `<line x1="${f(cx + Math.cos(angle) * inner)}" y1="${f(cy + Math.sin(angle) * inner)}" x2="${f(cx + Math.cos(angle) * outer)}" y2="${f(cy + Math.sin(angle) * outer)}" stroke="url(#accent)" stroke-width="9" stroke-linecap="round" stroke-opacity="${f(0.5 + level * 0.5)}"/>`,
    )
  }
  for (let r = 36; r < 130; r += 30)
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${palette.accentAlt}" stroke-opacity="0.6" stroke-width="4"/>`)
  return `<g>${parts.join('')}</g>`
}

/** Gallery art: the product's drum pattern as lit pads on a 16-step sequencer. */
function stepGrid(product: ProductDefinition, palette: Palette): string {
  const rows = Object.entries(GROOVES[product.sound.style].drums).slice(0, 4) as [DrumName, string][]
  const size = 44
  const gap = (COVER_SIZE - 160 - 16 * size) / 15
  const parts: string[] = []
  rows.forEach(([, pattern], row) => {
    for (let step = 0; step < 16; step++) {
      const char = pattern[step] ?? '.'
      const on = char !== '.'
      const x = 80 + step * (size + gap)
      const y = 700 + row * (size + 18)
      parts.push(
        `<rect x="${f(x)}" y="${y}" width="${size}" height="${size}" rx="8" fill="${on ? palette.accent : '#ffffff'}" fill-opacity="${on ? (char === 'X' ? 1 : char === 'o' ? 0.5 : 0.8) : step % 4 === 0 ? 0.22 : 0.12}"/>`,
      )
    }
  })
  return `<g>${parts.join('')}</g>`
}
