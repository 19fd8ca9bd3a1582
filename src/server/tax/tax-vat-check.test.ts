/**
 * A buyer's VAT number: a number of the wrong shape or checksum is refused without asking
 * anyone; VIES unreachable (no network, as here), switched off or not answering clearly leaves
 * the format's "valid"; a VIES stand-in on this machine saying "registered" or "not registered"
 * decides; and a number VIES does not cover (the UK's) is judged by its format alone.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client.ts'
import { createTaxService } from './tax.service.ts'

/** jsvat-valid numbers (format and checksum). */
const GERMAN = 'DE136695976'
const AUSTRIAN = 'ATU13585627'
const GREEK = 'EL094259216'

const asked: Array<{ countryCode: string; vatNumber: string }> = []
/** What the stand-in answers for a number: VIES's JSON body, or an HTTP status. */
let answerFor: (vatNumber: string) => Record<string, unknown> | number = () => ({ valid: true })
let stub: Server
let stubUrl: string

const bodyOf = async (request: IncomingMessage) => {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as { countryCode: string; vatNumber: string }
}

beforeAll(async () => {
  stub = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      if (request.method !== 'POST' || request.url !== '/rest-api/check-vat-number') return response.writeHead(404).end()
      asked.push(body)
      const answer = answerFor(`${body.countryCode}${body.vatNumber}`)
      if (typeof answer === 'number') return response.writeHead(answer).end('{}')
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ countryCode: body.countryCode, vatNumber: body.vatNumber, ...answer }))
    })
  })
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve))
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/rest-api`
})
afterAll(async () => new Promise((resolve) => stub.close(resolve)))

function taxService(viesUrl: string | null) {
  const warnings: unknown[] = []
  const tax = createTaxService({
    // A VAT check reads no table.
    db: undefined as unknown as Database,
    config: { defaultMode: 'flat', viesUrl, geoipDatabase: undefined },
    stripeTaxAvailable: false,
    audit: { record: async () => {} },
    changeChannel: 'als_catalog_changed',
    log: { warn: (...args: unknown[]) => warnings.push(args), error: () => {} },
  })
  return { tax, warnings }
}

describe("checking a buyer's VAT number", () => {
  it('refuses a number of the wrong shape or checksum without asking VIES', async () => {
    asked.length = 0
    const { tax } = taxService(stubUrl)
    expect(await tax.checkVatNumber('DE136695977')).toEqual({ valid: false, checkedBy: 'format', vatNumber: 'DE136695977' })
    expect(await tax.checkVatNumber('hello')).toMatchObject({ valid: false, checkedBy: 'format' })
    expect(asked).toEqual([])
  })

  it('takes VIES\'s "registered", writing the number as VIES and invoices do', async () => {
    asked.length = 0
    answerFor = () => ({ valid: true, userError: 'VALID', name: 'Studio GmbH' })
    const { tax } = taxService(stubUrl)
    expect(await tax.checkVatNumber('de 136.695.976')).toEqual({ valid: true, checkedBy: 'vies', vatNumber: GERMAN })
    expect(await tax.checkVatNumber('094259216', 'GR')).toEqual({ valid: true, checkedBy: 'vies', vatNumber: GREEK })
    expect(asked).toEqual([
      { countryCode: 'DE', vatNumber: '136695976' },
      { countryCode: 'EL', vatNumber: '094259216' },
    ])
  })

  it('takes VIES\'s "not registered" as invalid, though the format is right', async () => {
    answerFor = () => ({ valid: false, userError: 'INVALID' })
    const { tax } = taxService(stubUrl)
    expect(await tax.checkVatNumber(AUSTRIAN)).toEqual({ valid: false, checkedBy: 'vies', vatNumber: AUSTRIAN })
  })

  it("falls back on the format when VIES's member state is down or VIES fails, and leaves VIES alone for a while", async () => {
    asked.length = 0
    answerFor = () => ({ valid: false, userError: 'MS_UNAVAILABLE' })
    const down = taxService(stubUrl)
    expect(await down.tax.checkVatNumber(GERMAN)).toEqual({ valid: true, checkedBy: 'format', vatNumber: GERMAN })
    expect(await down.tax.checkVatNumber(AUSTRIAN)).toEqual({ valid: true, checkedBy: 'format', vatNumber: AUSTRIAN })
    expect(asked).toHaveLength(1)
    expect(down.warnings).toHaveLength(1)

    answerFor = () => 503
    expect(await taxService(stubUrl).tax.checkVatNumber(GERMAN)).toEqual({ valid: true, checkedBy: 'format', vatNumber: GERMAN })
  })

  it('falls back on the format when VIES cannot be reached, or is switched off', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const unreachable = taxService(`http://127.0.0.1:${port}/rest-api`)
    expect(await unreachable.tax.checkVatNumber(GERMAN)).toEqual({ valid: true, checkedBy: 'format', vatNumber: GERMAN })
    expect(unreachable.warnings).toHaveLength(1)
    expect(await taxService(null).tax.checkVatNumber(GERMAN)).toEqual({ valid: true, checkedBy: 'format', vatNumber: GERMAN })
  })

  it('judges a number VIES does not cover by its format alone', async () => {
    asked.length = 0
    const { tax } = taxService(stubUrl)
    expect(await tax.checkVatNumber('GB 980 7806 84')).toEqual({ valid: true, checkedBy: 'format', vatNumber: 'GB980780684' })
    expect(asked).toEqual([])
  })
})

describe("an IP address's country", () => {
  it('is unknown without a GeoIP database', async () => {
    expect(await taxService(null).tax.countryOfIp('81.2.3.4')).toBeNull()
  })
})
