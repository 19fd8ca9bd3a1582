/**
 * The tax configuration: the flat estimate, the EU's VIES and no GeoIP database unless told
 * otherwise; Stripe Tax refused at start-up without Stripe, with a sentence saying what to do;
 * an empty VIES_URL turning the registry check off; a GeoIP database that is not there refused.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'

const dataDir = () => mkdtempSync(join(tmpdir(), 'als-tax-config-'))

describe('the tax configuration', () => {
  it('taxes with the flat estimate, checks VAT numbers with VIES and places no IP address by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).tax).toEqual({
      defaultMode: 'flat',
      viesUrl: 'https://ec.europa.eu/taxation_customs/vies/rest-api',
      geoipDatabase: undefined,
    })
  })

  it('takes by-country, an empty VIES_URL (no registry check) and a GeoIP database that exists', () => {
    const dir = dataDir()
    const database = join(dir, 'GeoLite2-Country.mmdb')
    writeFileSync(database, '')
    expect(loadConfig({ DATA_DIR: dir, TAX_MODE: 'by-country', VIES_URL: '', GEOIP_DATABASE: database }).tax).toEqual({
      defaultMode: 'by-country',
      viesUrl: null,
      geoipDatabase: database,
    })
  })

  it('refuses Stripe Tax without Stripe, and accepts it with a Stripe key', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), TAX_MODE: 'stripe' })).toThrow(/TAX_MODE=stripe needs Stripe: set STRIPE_SECRET_KEY/)
    expect(loadConfig({ DATA_DIR: dataDir(), TAX_MODE: 'stripe', STRIPE_SECRET_KEY: 'sk_test_123' }).tax.defaultMode).toBe('stripe')
  })

  it.each([
    [{ TAX_MODE: 'eu' }, 'TAX_MODE must be flat, by-country or stripe'],
    [{ VIES_URL: 'not a url' }, 'VIES_URL must be an http(s) URL, or empty to turn the VIES check off'],
    [{ GEOIP_DATABASE: '/nowhere/GeoLite2-Country.mmdb' }, 'GEOIP_DATABASE must be the path of a GeoLite2-Country .mmdb file that exists'],
  ])('refuses %o with a sentence', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message)
  })
})
