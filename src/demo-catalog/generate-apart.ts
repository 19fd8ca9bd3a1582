/**
 * Generates the demo catalog's files in a process of its own and hands the catalog rows back:
 * synthesising the audio and drawing the covers takes a few hundred MiB, which the store's
 * process would keep for as long as it runs; this process gives it all back when it ends.
 * The store's first start seeds with it (main.ts); run directly, this module is that process.
 */
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { DemoCatalog } from './generate.ts'

/**
 * What makes a process started on this module the generator: the built server's bundle carries
 * this module too, so a process's own script alone does not say it is the generator.
 */
const GENERATOR_ARGUMENT = '--generate-demo-catalog'

/** `script`: the compiled module to run (the built store passes tsc's output); by default this module's own file. */
export function generateApart(dataDir: string, script = fileURLToPath(import.meta.url)): Promise<DemoCatalog> {
  return new Promise((resolve, reject) => {
    const child = fork(script, [dataDir, GENERATOR_ARGUMENT], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
    let catalog: DemoCatalog | null = null
    child.once('message', (message) => (catalog = message as DemoCatalog))
    child.once('error', reject)
    child.once('exit', (code) => {
      if (code === 0 && catalog) resolve(catalog)
      else reject(new Error(`Generating the demo catalog failed (exit code ${code})`))
    })
  })
}

// The generator is loaded here only: the store's process imports this module for generateApart alone.
if (process.argv[3] === GENERATOR_ARGUMENT && process.send) {
  const send = process.send.bind(process)
  const dataDir = process.argv[2] ?? '.'
  import('./generate.ts')
    .then(({ generateDemoAssets }) => generateDemoAssets(dataDir))
    .then(
      (catalog) => send(catalog, () => process.exit(0)),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
}
