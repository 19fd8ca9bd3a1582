/**
 * A manifest.csv is read as the serial import reads its CSV: a BOM and Windows line ends belong
 * to no cell, a quoted cell keeps its commas, doubled quotes and line breaks, and each entry is
 * labelled by the line it starts on in the file, whatever line breaks came before it; a quote
 * never closed is named by its line.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ManifestError, readManifest } from './product-manifest.ts'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'product-manifest-'))
})
afterAll(async () => rm(dir, { recursive: true, force: true }))

describe('readManifest of a manifest.csv', () => {
  it('labels each entry by the line it starts on, under a BOM and Windows line ends, with quoted line breaks', async () => {
    await writeFile(
      join(dir, 'manifest.csv'),
      '\uFEFFname,price,file,description\r\n' +
        'Tape Drums,5,a.zip,"Two\r\nlines, one comma"\r\n' +
        'Dub Chords,5,a.zip,plain\r\n' +
        '\r\n' +
        '"Say ""Hi"" Vox",5,a.zip,"three\r\nmore\r\nlines"\r\n' +
        'Last Pack,5,a.zip,\r\n',
    )
    const { entries } = await readManifest(dir)
    expect(entries.map(({ label, entry }) => [label, entry])).toEqual([
      ['line 2', { name: 'Tape Drums', price: '5', file: 'a.zip', description: 'Two\nlines, one comma' }],
      ['line 4', { name: 'Dub Chords', price: '5', file: 'a.zip', description: 'plain' }],
      ['line 6', { name: 'Say "Hi" Vox', price: '5', file: 'a.zip', description: 'three\nmore\nlines' }],
      ['line 9', { name: 'Last Pack', price: '5', file: 'a.zip', description: '' }],
    ])
  })

  it('names the line of a quote never closed, after blank lines', async () => {
    await writeFile(join(dir, 'manifest.csv'), 'name,price,file\r\nTape Drums,5,a.zip\r\n\r\n\r\n"Open Pack,5,a.zip\r\nLast Pack,5,a.zip\r\n')
    await expect(readManifest(dir)).rejects.toThrow(new ManifestError('manifest.csv is not valid CSV: the quote opened on line 5 is never closed'))
  })
})
