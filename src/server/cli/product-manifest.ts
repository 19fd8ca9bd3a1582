/**
 * An import folder's manifest, read as untrusted input (owners import packs that vendors send
 * them): `manifest.json`, an array of products, or `manifest.csv`, a header row and a product a
 * line, read by the store's one CSV reader (http/csv-read.ts) as serial imports are. A manifest
 * that cannot be parsed is refused as a whole, saying where it breaks; each entry keeps the label
 * its messages name (`line 3`, `entry 2 (line 7)`). A path an entry names must stay inside the
 * folder once symlinks are followed, or any file of the owner's machine could be sold as a
 * product file.
 */
import { constants } from 'node:fs'
import { access, readFile, realpath, stat } from 'node:fs/promises'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'
import { CsvReadError, readCsvRows, tooManyCells, type CsvRow } from '../http/csv-read.ts'

/** The manifest as a whole cannot be read: one line, printed as it is. */
export class ManifestError extends Error {}

export interface ManifestEntry {
  /** How messages name it: `line 3` in a CSV, `entry 2 (line 7)` in JSON. */
  label: string
  entry: unknown
  /** Set when the line itself is malformed (a CSV row with more fields than the header). */
  malformed?: string
}

export interface Manifest {
  /** The folder's real path: every file an entry names must be inside it. */
  folder: string
  entries: ManifestEntry[]
}

export async function readManifest(dir: string): Promise<Manifest> {
  const missing = new ManifestError(`${dir} has no manifest.json or manifest.csv`)
  const folder = await realpath(dir).catch(() => null)
  if (folder === null) throw missing
  const json = await textOf(folder, 'manifest.json')
  if (json !== null) return { folder, entries: jsonEntries(json) }
  const csv = await textOf(folder, 'manifest.csv')
  if (csv !== null) return { folder, entries: csvEntries(csv) }
  throw missing
}

/** The real path of the file an entry names in this column, or why it is refused. */
export async function fileInFolder(folder: string, column: string, named: string): Promise<{ path: string } | { refused: string }> {
  const shown = `"${column}" ${named}`
  if (isAbsolute(named) || /^[a-zA-Z]:[\\/]/.test(named)) return { refused: `${shown} is an absolute path: name it relative to the import folder` }
  if (!inside(folder, resolve(folder, named))) return { refused: `${shown} is outside the import folder` }
  let real: string
  try {
    real = await realpath(resolve(folder, named))
  } catch {
    return { refused: `${shown} cannot be read` }
  }
  // A symlink may point anywhere: only where it leads counts.
  if (!inside(folder, real)) return { refused: `${shown} is outside the import folder (it is a link)` }
  try {
    await access(real, constants.R_OK)
    if (!(await stat(real)).isFile()) return { refused: `${shown} is not a file` }
  } catch {
    return { refused: `${shown} cannot be read` }
  }
  return { path: real }
}

function inside(folder: string, path: string): boolean {
  const rel = relative(folder, path)
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel)
}

async function textOf(folder: string, name: string): Promise<string | null> {
  try {
    return await readFile(join(folder, name), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw new ManifestError(`${name} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`)
  }
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length

function jsonEntries(text: string): ManifestEntry[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch (error) {
    const message = (error as Error).message.replace(/\s+/g, ' ')
    const at = /^(.*) in JSON at position (\d+)/.exec(message)
    if (!at) throw new ManifestError(`manifest.json is not valid JSON: ${message}`)
    const position = Number(at[2]) + (text.startsWith('\uFEFF') ? 1 : 0)
    const column = position - text.lastIndexOf('\n', position - 1)
    throw new ManifestError(`manifest.json is not valid JSON at line ${lineAt(text, position)}, column ${column}: ${at[1]}`)
  }
  if (!Array.isArray(parsed)) throw new ManifestError('manifest.json must hold an array of products')
  const starts = arrayElementStarts(text)
  return parsed.map((entry: unknown, index) => ({ label: `entry ${index + 1} (line ${lineAt(text, starts[index] ?? 0)})`, entry }))
}

/** Where each element of a valid JSON text's top-level array begins. */
function arrayElementStarts(text: string): number[] {
  const starts: number[] = []
  let depth = 0
  let inString = false
  let expecting = false
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!
    if (inString) {
      if (char === '\\') index++
      else if (char === '"') inString = false
      continue
    }
    if (/\s/.test(char) || char === '\uFEFF') continue
    if (depth === 1 && expecting && char !== ']') {
      starts.push(index)
      expecting = false
    }
    if (char === '"') inString = true
    else if (char === '[' || char === '{') {
      depth++
      if (depth === 1) expecting = true
    } else if (char === ']' || char === '}') depth--
    else if (char === ',' && depth === 1) expecting = true
  }
  return starts
}

function csvEntries(text: string): ManifestEntry[] {
  let rows: CsvRow[]
  try {
    rows = readCsvRows(text)
  } catch (error) {
    if (error instanceof CsvReadError) throw new ManifestError(`manifest.csv is not valid CSV: ${error.message}`)
    throw error
  }
  const [header, ...body] = rows
  if (!header) throw new ManifestError('manifest.csv is empty: it needs a header row (name,price,file,…) and a line per product')
  const columns = header.cells
  return body.map(({ line, cells }) => {
    const label = `line ${line}`
    const entry = Object.fromEntries(columns.flatMap((column, index) => (column && cells[index] !== undefined ? [[column, cells[index]]] : [])))
    if (cells.length > columns.length) return { label, entry, malformed: tooManyCells(cells.length, columns.length) }
    return { label, entry }
  })
}
