/**
 * The built store's entry (`dist/node/store/main.js`): runs the bundle beside it with V8's code
 * cache (run-bundle.ts).
 */
import { fileURLToPath } from 'node:url'
import { runBundle } from './run-bundle.ts'

runBundle(fileURLToPath(new URL('./server.cjs', import.meta.url)))
