/**
 * A Vitest reporter that prints, after the default reporter's summary, the ten test files that
 * cost the run the most: CI's time grows one file at a time, and the summary's total says
 * nothing about where. A file's cost is what its worker spent on it: importing it (with
 * `isolate: false`, the first file of a worker also pays for importing the app), its setup
 * files, and its tests and hooks (building its app on its own database is in `beforeAll`).
 * Listed beside `default` in the `reporters` of each Vitest config; a run of fewer than ten
 * files (one area's files while working on it) prints nothing.
 */
import type { Reporter, TestModule } from 'vitest/node'

/** How many files the list names. */
const SLOWEST_COUNT = 10

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (testModules.length < SLOWEST_COUNT) return
    const costs = testModules.map((module) => {
      const { collectDuration, setupDuration, duration } = module.diagnostic()
      return { module, total: collectDuration + setupDuration + duration, importing: collectDuration + setupDuration, running: duration }
    })
    const all = costs.reduce((sum, cost) => sum + cost.total, 0)
    const slowest = costs.sort((a, b) => b.total - a.total).slice(0, SLOWEST_COUNT)
    const lines = slowest.map(({ module, total, importing, running }) => {
      const project = module.project.name ? `[${module.project.name}] ` : ''
      return `  ${seconds(total).padStart(8)}  ${project}${module.relativeModuleId}  (import ${seconds(importing)}, tests and hooks ${seconds(running)})`
    })
    const share = Math.round((100 * slowest.reduce((sum, cost) => sum + cost.total, 0)) / Math.max(all, 1))
    console.log(
      `\n Slowest ${slowest.length} of ${testModules.length} test files (${share}% of ${seconds(all)} spent in files across workers):\n${lines.join('\n')}\n`,
    )
  }
}
