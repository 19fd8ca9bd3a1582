/**
 * The store's CSV rules: text a spreadsheet would run as a formula is kept as text by a leading
 * apostrophe, a comma, quote or line break stays inside its cell, and amounts stay numbers (a
 * negative refund is not mistaken for a formula).
 */
import { parse } from 'csv-parse/sync'
import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { csvStream, csvText, type CsvColumn } from './csv.ts'

const COLUMNS: CsvColumn<'name' | 'amount' | 'count'>[] = [
  { key: 'name', header: 'Name' },
  { key: 'amount', header: 'Amount', amount: true },
  { key: 'count', header: 'Count' },
]

const cellsOf = (csv: string): string[][] => parse(csv, { bom: true })
const nameCell = (name: string) => cellsOf(csvText([{ name, amount: 0, count: 1 }], COLUMNS))[1]![0]

describe('csvText', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","Click")', `'=HYPERLINK("http://evil.example","Click")`],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
  ])('keeps the text %j as text', (name, written) => {
    expect(nameCell(name)).toBe(written)
  })

  it('leaves ordinary text as it is, a formula sign inside the text included', () => {
    expect(nameCell('Drum Kit 1-2 = €5 @ 50%')).toBe('Drum Kit 1-2 = €5 @ 50%')
  })

  it('keeps a comma, a quote and a line break inside one cell', () => {
    const name = 'Pads, "warm"\nand wide'
    const csv = csvText([{ name, amount: 1999, count: 2 }], COLUMNS)
    expect(csv).toContain('"Pads, ""warm""\nand wide"')
    expect(cellsOf(csv)).toEqual([
      ['Name', 'Amount', 'Count'],
      [name, '19.99', '2'],
    ])
  })

  it('writes amounts as decimal numbers, a negative one untouched, and counts as they are', () => {
    const csv = csvText(
      [
        { name: 'Refund', amount: -500, count: -1 },
        { name: 'Sale', amount: 3240, count: 0 },
      ],
      COLUMNS,
    )
    expect(csv).toBe('\ufeffName,Amount,Count\r\nRefund,-5.00,-1\r\nSale,32.40,0\r\n')
  })

  it('writes a missing value as an empty cell', () => {
    expect(cellsOf(csvText([{ name: null, amount: null, count: null }], COLUMNS))[1]).toEqual(['', '', ''])
  })
})

describe('csvStream', () => {
  it('writes every row a generator gives, by the same rules, each row turned into one or more records', async () => {
    async function* rows() {
      yield { name: '=1+1', cents: [-500, 250] }
      yield { name: 'Plain', cents: [100] }
    }
    const csv = await text(csvStream(rows(), COLUMNS, (row) => row.cents.map((cents, count) => ({ name: row.name, amount: cents, count }))))
    expect(cellsOf(csv)).toEqual([
      ['Name', 'Amount', 'Count'],
      ["'=1+1", '-5.00', '0'],
      ["'=1+1", '2.50', '1'],
      ['Plain', '1.00', '0'],
    ])
  })

  it('fails the file when reading the rows fails', async () => {
    async function* rows(): AsyncGenerator<{ name: string }> {
      yield { name: 'First' }
      throw new Error('The database went away')
    }
    await expect(text(csvStream(rows(), COLUMNS, (row) => ({ name: row.name, amount: 0, count: 0 })))).rejects.toThrow('The database went away')
  })
})
