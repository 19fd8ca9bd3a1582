/**
 * The IP address's country: none without a GeoIP database; with one (a tiny GeoLite2-Country
 * file written here, placing 81.0.0.0/8 in Germany), the address's country, also for an IPv4
 * address written the IPv6 way; none for an address the file does not place or for a file that
 * cannot be read.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createIpCountryLookup } from './geoip.ts'

const log = { error: () => {} }
const directory = mkdtempSync(join(tmpdir(), 'als-geoip-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

// The MaxMind DB format's data types, as far as this file needs them (maxmind.github.io/MaxMind-DB).
const bytesOf = (value: number, size: number) => [...Array(size).keys()].map((index) => (value >> (8 * (size - 1 - index))) & 0xff)
const text = (value: string) => [0x40 | value.length, ...Buffer.from(value)]
const uint = (type: 5 | 6, value: number, size: number) => [(type << 5) | size, ...bytesOf(value, size)]
const map = (entries: [string, number[]][]) => [(7 << 5) | entries.length, ...entries.flatMap(([key, value]) => [...text(key), ...value])]
const array = (items: number[][]) => [items.length, 11 - 7, ...items.flat()]
const uint64 = (value: number) => [4, 9 - 7, ...bytesOf(value, 4)]

/** An IPv4 database of 24-bit records with one network, 81.0.0.0/8, whose country is `isoCode`. */
function countryDatabase(isoCode: string): Buffer {
  const networkBits = 81
  const depth = 8
  const nodeCount = depth
  const data = map([['country', map([['iso_code', text(isoCode)]])]])
  const dataPointer = nodeCount + 16
  const tree = [...Array(depth).keys()].flatMap((node) => {
    const bit = (networkBits >> (depth - 1 - node)) & 1
    const next = node === depth - 1 ? dataPointer : node + 1
    const [left, right] = bit ? [nodeCount, next] : [next, nodeCount]
    return [...bytesOf(left, 3), ...bytesOf(right, 3)]
  })
  const metadata = map([
    ['node_count', uint(6, nodeCount, 1)],
    ['record_size', uint(5, 24, 1)],
    ['ip_version', uint(5, 4, 1)],
    ['database_type', text('GeoLite2-Country')],
    ['languages', array([text('en')])],
    ['binary_format_major_version', uint(5, 2, 1)],
    ['binary_format_minor_version', uint(5, 0, 1)],
    ['build_epoch', uint64(1_780_000_000)],
    ['description', map([['en', text('test')]])],
  ])
  return Buffer.from([...tree, ...Array(16).fill(0), ...data, 0xab, 0xcd, 0xef, ...Buffer.from('MaxMind.com'), ...metadata])
}

describe("an IP address's country", () => {
  it('is unknown without a GeoIP database', async () => {
    expect(await createIpCountryLookup(undefined, log)('81.2.3.4')).toBeNull()
  })

  it("is the database's country for the address, IPv4 or IPv4 written the IPv6 way", async () => {
    const path = join(directory, 'GeoLite2-Country.mmdb')
    writeFileSync(path, countryDatabase('DE'))
    const countryOf = createIpCountryLookup(path, log)
    expect(await countryOf('81.2.3.4')).toBe('DE')
    expect(await countryOf('::ffff:81.200.1.1')).toBe('DE')
    expect(await countryOf('82.2.3.4')).toBeNull()
    expect(await countryOf('not an address')).toBeNull()
  })

  it('is unknown, and the failure logged, when the database cannot be read', async () => {
    const path = join(directory, 'broken.mmdb')
    writeFileSync(path, 'not a database')
    const errors: unknown[] = []
    const countryOf = createIpCountryLookup(path, { error: (...args: unknown[]) => errors.push(args) })
    expect(await countryOf('81.2.3.4')).toBeNull()
    expect(await countryOf('81.2.3.5')).toBeNull()
    expect(errors).toHaveLength(1)
  })
})
