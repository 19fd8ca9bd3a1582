/**
 * Periodic work across two store processes on one PostgreSQL: both start the hourly removal of
 * expired sessions at once, and one of them does this hour's run. The database holds expired
 * and live sessions before the processes start; afterwards the expired ones are gone, the live
 * one is kept, and job_runs holds one claim for the hour, by one of the two processes.
 * Black-box: real processes (tests/support/store-processes.ts), SQL to make and read the rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { until } from '../../../tests/support/fleet-purchases.ts'
import { startStoreFleet, type StoreFleet } from '../../../tests/support/store-processes.ts'

const EXPIRED = 30

describe.runIf(process.env.DATABASE_URL)('periodic jobs across two store processes', () => {
  let fleet: StoreFleet

  beforeAll(async () => {
    fleet = await startStoreFleet(2, {
      env: { LOG_LEVEL: 'info' },
      prepare: async (db) => {
        await db.query(`insert into "user" (id, name, email) values ('fleet-expiring', 'Expiring', 'fleet-expiring@example.com')`)
        await db.query(
          `insert into session (id, user_id, token, expires_at)
           select 'expired-' || n, 'fleet-expiring', 'token-expired-' || n, now() - interval '1 minute' * n from generate_series(1, ${EXPIRED}) as n
           union all select 'live', 'fleet-expiring', 'token-live', now() + interval '1 day'`,
        )
      },
    })
  }, 180_000)
  afterAll(async () => fleet?.stop(), 30_000)

  it("removes the expired sessions once, in one process's claimed run", async () => {
    const claim = await until('the hour to be claimed and run', async () => {
      const { rows } = await fleet.db.query<{ claimed_by: string; outcome: string | null }>(
        `select claimed_by, outcome from job_runs where job = 'expire-sessions'`,
      )
      return rows.length > 0 && rows[0]!.outcome !== null && rows
    })
    expect(claim).toHaveLength(1)
    expect(claim[0]!.outcome).toBe(`Removed ${EXPIRED} expired sessions and 0 expired email links`)
    const pids = fleet.stores.map((store) => String(store.process.pid))
    expect(pids).toContain(claim[0]!.claimed_by.split(':').at(-1))

    const { rows: sessions } = await fleet.db.query<{ id: string }>(`select id from session where user_id = 'fleet-expiring'`)
    expect(sessions.map((row) => row.id)).toEqual(['live'])
    // Exactly one process logged the run.
    const logged = fleet.stores.filter((store) => store.output().includes('expired sessions and'))
    expect(logged).toHaveLength(1)
  })
})
