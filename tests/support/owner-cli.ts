/** Runs one owner CLI command against a test app's database and storage; answers its exit code and what it printed. */
import { runOwnerCommand } from '../../src/server/cli/owner-program.ts'
import { catalogStorageOf, type TestApp } from './test-app.ts'

export async function runOwner(t: TestApp, ...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = []
  const err: string[] = []
  const code = await runOwnerCommand(
    argv,
    {
      database: async () => t.database.db,
      storage: catalogStorageOf(t),
      publicUrl: t.config.publicUrl,
      authSecret: t.config.authSecret,
      seedDemo: async () => {
        const demo = await import('../../src/server/db/seed.ts')
        return demo.seededLines(await demo.seedDemoStore(t.database, t.config, catalogStorageOf(t)))
      },
    },
    { out: (line) => out.push(line), err: (line) => err.push(line) },
  )
  return { code, out: out.join('\n'), err: err.join('\n') }
}
