/**
 * `owner demo seed`: seeds the demo store (its catalog, cover art, previews and product files,
 * and the demo promo codes) into the store's database and storages on demand, as a first start
 * does with SEED_DEMO on. Each demo item is created once (db/seed.ts): an item the owner deleted
 * or edited stays as the owner left it.
 */
import type { Command } from 'commander'
import type { OwnerCliIo } from './owner-cli.types.ts'

export interface DemoCli {
  /** Seeds the demo store (db/seed.ts's seedDemoStore, loaded only then) and answers what it created, a line each (db/seed.ts's seededLines). */
  seed: () => Promise<string[]>
  io: OwnerCliIo
}

export function registerDemoCommands(program: Command, { seed, io }: DemoCli): void {
  program
    .command('demo')
    .description('The demo store: sample packs, their files and promo codes, for trying the store out')
    .command('seed')
    .description(
      'Add the demo catalog and promo codes, as a first start does with SEED_DEMO on; each demo item is added once, never again after the owner deletes it',
    )
    .action(async () => {
      const lines = await seed()
      for (const line of lines) io.out(line)
      if (lines.length === 0) io.out('Nothing to seed: every demo item was added before (one the owner deleted stays deleted).')
    })
}
