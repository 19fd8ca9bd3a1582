// @vitest-environment happy-dom
/** The page's settings from the server's meta tag, including whether payments are test-only. */
import { afterEach, describe, expect, it } from 'vitest'
import { readStoreConfig } from './store-config.ts'

function serve(settings: object | string) {
  const meta = document.createElement('meta')
  meta.name = 'als-config'
  meta.content = typeof settings === 'string' ? settings : encodeURIComponent(JSON.stringify(settings))
  document.head.append(meta)
}

afterEach(() => document.head.querySelectorAll('meta[name="als-config"]').forEach((meta) => meta.remove()))

describe('readStoreConfig', () => {
  it('reads test-mode payments, the launch mode and developer pages from the meta tag', () => {
    serve({ storeMode: 'live', devMode: false, testPayments: true })
    expect(readStoreConfig()).toEqual({ storeMode: 'live', devMode: false, testPayments: true })
  })

  it('shows no test-mode banner unless the server says so', () => {
    serve({ storeMode: 'coming-soon', devMode: false })
    expect(readStoreConfig().testPayments).toBe(false)
  })
})
