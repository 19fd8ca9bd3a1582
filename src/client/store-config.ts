/**
 * Settings the server hands the page in `<meta name="als-config">` (CSP-safe, no inline
 * script): the launch mode, whether developer pages exist, and whether payments are test-only.
 */
export interface StoreConfig {
  storeMode: 'coming-soon' | 'live'
  devMode: boolean
  /** The store takes no real payments (the built-in test provider in production): every page says so. */
  testPayments: boolean
}

const DEV_DEFAULTS: StoreConfig = { storeMode: 'live', devMode: true, testPayments: false }

export function readStoreConfig(): StoreConfig {
  const content = document.querySelector('meta[name="als-config"]')?.getAttribute('content')
  if (!content || content === '%ALS_CONFIG%') return DEV_DEFAULTS
  try {
    const parsed = JSON.parse(decodeURIComponent(content)) as Partial<StoreConfig>
    return {
      storeMode: parsed.storeMode === 'live' ? 'live' : 'coming-soon',
      devMode: parsed.devMode === true,
      testPayments: parsed.testPayments === true,
    }
  } catch {
    return DEV_DEFAULTS
  }
}

export const storeConfig: StoreConfig = typeof document === 'undefined' ? { ...DEV_DEFAULTS } : readStoreConfig()

/** The server's renderer takes the settings the server hands its pages, so both render the same app. */
export function applyServerStoreConfig(settings: StoreConfig): void {
  Object.assign(storeConfig, settings)
}
