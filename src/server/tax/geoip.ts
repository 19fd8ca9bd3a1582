/**
 * The country of an IP address, from a MaxMind GeoLite2-Country (or GeoIP2) database when the
 * store is given one (GEOIP_DATABASE): the EU asks for two pieces of evidence of where a buyer
 * of digital goods is, and this is the second beside the billing country. The file is opened
 * once, at the first lookup; without it, or when it cannot be read, no address is placed (null)
 * and checkout goes on with the billing country alone.
 */
import { isIP } from 'node:net'
import type { FastifyBaseLogger } from 'fastify'
import type { CountryResponse, Reader } from 'maxmind'

export type IpCountryLookup = (ip: string) => Promise<string | null>

export function createIpCountryLookup(databasePath: string | undefined, log: Pick<FastifyBaseLogger, 'error'>): IpCountryLookup {
  if (!databasePath) return async () => null
  let reader: Promise<Reader<CountryResponse> | null> | null = null
  return async (ip) => {
    // maxmind is loaded with the file, only by a store given one.
    reader ??= import('maxmind')
      .then(({ open }) => open<CountryResponse>(databasePath))
      .catch((error: unknown) => {
        log.error({ err: error, databasePath }, 'The GeoIP database could not be opened: buyers are placed by their billing country alone')
        return null
      })
    const database = await reader
    // An IPv4 address as IPv6 shows it (::ffff:81.2.3.4, as a dual-stack server reports it) is looked up as IPv4.
    const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
    if (!database || isIP(address) === 0) return null
    const found = database.get(address)
    return found?.country?.iso_code ?? found?.registered_country?.iso_code ?? null
  }
}
