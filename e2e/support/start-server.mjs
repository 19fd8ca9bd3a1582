// Starts the built store for the journeys on its data directory (a copy of the seeded demo
// template, which the seed finds seeded), after adding the fixture the demo catalog lacks: a
// category with no products (for the empty-category text).
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const dist = fileURLToPath(new URL('../../dist/node/server/', import.meta.url))
const { loadConfig } = await import(join(dist, 'config.js'))
const { openDatabase } = await import(join(dist, 'db/client.js'))
const { seedDemoCatalog } = await import(join(dist, 'db/seed.js'))
const { categories } = await import(join(dist, 'db/schema.js'))
const { dataPaths } = await import(join(dist, 'paths.js'))

const config = loadConfig()
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: dataPaths(config.dataDir).database })
await database.migrate()
await seedDemoCatalog(database, config.dataDir)
await database.db
  .insert(categories)
  .values({ name: 'Field Recordings', slug: 'field-recordings', description: 'Ambiences and foley recorded on location.' })
  .onConflictDoNothing()
await database.close()

// The store as `npm start` runs it: the bundled server.
await import(fileURLToPath(new URL('../../dist/node/store/main.js', import.meta.url)))
