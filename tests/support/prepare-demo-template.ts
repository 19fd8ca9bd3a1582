/**
 * Makes the tests' seeded demo template (demo-template.ts) ahead of `npm test`, which then finds
 * it ready in .cache/. Making it is one core's work for a while, and the test run's global setup
 * would do it alone before any test starts: `.ci/run` starts it beside the typecheck and lint
 * instead. Run with `npx tsx tests/support/prepare-demo-template.ts`.
 */
import { ensureDemoTemplate } from './demo-template.ts'

const { templateDir } = await ensureDemoTemplate()
console.log(`Test template ready: ${templateDir}`)
