// Lighthouse benchmark: runs Lighthouse (the npm package, mobile, simulated throttling) in Debian's
// Chromium on the home page, the All Products listing and a product page of the built store, and
// prints the scores (performance, accessibility, SEO, best practices), the metrics (FCP, LCP, TBT,
// CLS, Speed Index), the compressed JavaScript each page loads and Lighthouse's CPU benchmark
// index of the machine at the time (higher is faster), beside the issue's targets.
// Starts the built store (npm run build first) on a fresh data directory unless --url names one.
// Usage: node scripts/bench/lighthouse.mjs [--runs 3] [--url http://localhost:3000]
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { freePort, waitForHealth } from './server-process.mjs'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '1' }, url: { type: 'string' } } })
const runs = Math.max(1, Number(values.runs))
// Issue 27's targets, on each page. CLS and the JavaScript sent are printed beside them.
const TARGETS = { performance: '≥ 95', accessibility: '100', bestPractices: '100', seo: '100', lcp: '≤ 2.0 s', tbt: '≤ 200 ms' }

let base = values.url
let store = null
let dataDir = null
if (!base) {
  const port = await freePort()
  dataDir = mkdtempSync(join(tmpdir(), 'als-lighthouse-'))
  base = `http://127.0.0.1:${port}`
  store = spawn(process.execPath, ['dist/node/store/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      STORE_MODE: 'live',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      PUBLIC_URL: base,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  await waitForHealth(base, store)
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
})

const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]

async function audit(path) {
  const results = []
  for (let run = 0; run < runs; run++) {
    let lhr
    // Lighthouse now and then loses a trace (NO_NAVSTART): such a run is made again, once.
    for (let attempt = 1; attempt <= 2; attempt++) {
      ;({ lhr } = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
      }))
      if (!lhr.runtimeError) break
      if (attempt === 2) throw new Error(`Lighthouse could not audit ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
    }
    const scripts = lhr.audits['network-requests'].details.items.filter((item) => item.resourceType === 'Script')
    results.push({
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      seo: Math.round(lhr.categories.seo.score * 100),
      bestPractices: Math.round(lhr.categories['best-practices'].score * 100),
      fcp: lhr.audits['first-contentful-paint'].numericValue,
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      si: lhr.audits['speed-index'].numericValue,
      jsKb: scripts.reduce((sum, item) => sum + item.transferSize, 0) / 1024,
      // Lighthouse's measure of this machine's CPU at the time (higher is faster): scores and TBT
      // follow it, so runs on a busy or slower machine are told apart.
      cpuIndex: lhr.environment.benchmarkIndex,
      failing: Object.values(lhr.audits)
        .filter(
          (entry) =>
            entry.score !== null &&
            entry.score < 0.9 &&
            entry.scoreDisplayMode !== 'informative' &&
            entry.scoreDisplayMode !== 'manual' &&
            entry.scoreDisplayMode !== 'notApplicable',
        )
        .map((entry) => entry.id),
    })
  }
  const pick = (key) => median(results.map((result) => result[key]))
  return {
    path,
    ...Object.fromEntries(
      Object.keys(results[0])
        .filter((key) => key !== 'failing')
        .map((key) => [key, pick(key)]),
    ),
    failing: results.at(-1).failing,
  }
}

try {
  const list = await (await fetch(`${base}/api/products?limit=1`)).json()
  const productPath = `/products/${list.data[0].id}`
  const rows = []
  for (const path of ['/', '/products', productPath]) rows.push(await audit(path))
  console.log(`Lighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}mobile, simulated throttling, on ${base}`)
  console.table(
    Object.fromEntries(
      rows.map((row) => [
        row.path.startsWith('/products/') ? '/products/{id}' : row.path,
        {
          performance: row.performance,
          accessibility: row.accessibility,
          seo: row.seo,
          'best practices': row.bestPractices,
          'FCP s': (row.fcp / 1000).toFixed(2),
          'LCP s': (row.lcp / 1000).toFixed(2),
          'TBT ms': Math.round(row.tbt),
          CLS: row.cls.toFixed(3),
          'SI s': (row.si / 1000).toFixed(2),
          'JS KB': row.jsKb.toFixed(1),
          'CPU index': Math.round(row.cpuIndex),
        },
      ]),
    ),
  )
  console.log(
    `targets: performance ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ${TARGETS.bestPractices}, SEO ${TARGETS.seo}, LCP ${TARGETS.lcp}, TBT ${TARGETS.tbt}`,
  )
  for (const row of rows) if (row.failing.length > 0) console.log(`${row.path}: audits below 0.9: ${row.failing.join(', ')}`)
} finally {
  await chrome.kill()
  if (store) {
    store.kill('SIGTERM')
    await new Promise((resolve) => store.once('exit', resolve))
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
}
