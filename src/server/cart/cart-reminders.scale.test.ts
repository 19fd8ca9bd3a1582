/**
 * Forgotten-cart reminders across two store processes on one PostgreSQL, delivered through one
 * SMTP server. The owner has reminders on; six shoppers have carts, one of whom turned reminders
 * off. Once the carts are a day old (their times moved back in SQL), both processes run the
 * reminder pass at the same moment, three times each: every cart's reminder reaches the SMTP
 * server exactly once, with its List-Unsubscribe header, and the opted-out shopper gets nothing.
 * Black-box: real processes over HTTP (the development route runs a pass now), SQL for the rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { until } from '../../../tests/support/fleet-purchases.ts'
import { startSmtpSink, type SmtpSink } from '../../../tests/support/smtp-sink.ts'
import { startStoreFleet, type StoreFleet } from '../../../tests/support/store-processes.ts'

const SHOPPERS = 6
const OPTED_OUT = 'fleet-cart-0'
const shopperIds = Array.from({ length: SHOPPERS }, (_, index) => `fleet-cart-${index}`)
const addressOf = (id: string) => `${id}@example.com`

describe.runIf(process.env.DATABASE_URL)('forgotten-cart reminders across two store processes', () => {
  let fleet: StoreFleet
  let smtp: SmtpSink

  beforeAll(async () => {
    smtp = await startSmtpSink()
    fleet = await startStoreFleet(2, {
      env: { SMTP_URL: smtp.url },
      prepare: async (db) => {
        await db.query(`insert into store_settings (id, values) values (1, '{"cartReminders": true}')`)
        for (const id of shopperIds) {
          await db.query(`insert into "user" (id, name, email, email_verified) values ($1, 'Fleet Shopper', $2, true)`, [id, addressOf(id)])
        }
        await db.query(`insert into email_preferences (user_id, cart_reminders) values ($1, false)`, [OPTED_OUT])
        // Fresh carts: the pass each process runs at start-up finds nothing forgotten yet.
        await db.query(
          `insert into cart_items (user_id, product_id, quantity)
           select u.id, p.id, 1 from unnest($1::text[]) as u(id)
           cross join (select id from products where is_active and not is_bundle and price_model = 'fixed' order by name limit 2) as p`,
          [shopperIds],
        )
      },
    })
  }, 180_000)
  afterAll(async () => {
    await fleet?.stop()
    await smtp?.close()
  }, 30_000)

  it('sends each cart one reminder while both processes run passes at once, and none to the opted-out shopper', async () => {
    await fleet.db.query(`update cart_items set created_at = now() - interval '25 hours', updated_at = now() - interval '25 hours' where user_id = any($1)`, [
      shopperIds,
    ])
    const passes = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        fleet.call<{ data: { enabled: boolean; reminded: number } }>(index % 2, '/api/dev/cart-reminders/run', { method: 'POST' }),
      ),
    )
    expect(passes.map((pass) => pass.status)).toEqual(Array(6).fill(200))
    expect(passes.every((pass) => pass.body.data.enabled)).toBe(true)
    expect(passes.reduce((sum, pass) => sum + pass.body.data.reminded, 0)).toBe(SHOPPERS - 1)

    const reminded = shopperIds.filter((id) => id !== OPTED_OUT).map(addressOf)
    const received = () => smtp.received.filter((mail) => shopperIds.some((id) => mail.to.includes(addressOf(id))))
    await until(`${reminded.length} reminders`, async () => new Set(received().map((mail) => mail.to)).size === reminded.length)
    await until('every reminder marked sent', async () => {
      const { rows } = await fleet.db.query<{ unsent: number }>(
        `select count(*)::int as unsent from email_outbox where sent_at is null and to_address = any($1)`,
        [reminded],
      )
      return rows[0]!.unsent === 0
    })
    // A second delivery of any of them would arrive within the workers' next polls.
    await new Promise((resolve) => setTimeout(resolve, 2000))

    expect(received()).toHaveLength(reminded.length)
    expect(received().some((mail) => mail.to.includes(addressOf(OPTED_OUT)))).toBe(false)
    for (const mail of received()) {
      expect(mail.subject).toBe('Your cart at Audio Lab Store is still waiting')
      expect(mail.listUnsubscribe).toMatch(new RegExp(`^<${fleet.publicUrl}/email-preferences/cart-reminders/[\\w-]+>$`))
    }
    const { rows } = await fleet.db.query<{ user_id: string; reminders: number }>(
      `select user_id, count(*)::int as reminders from cart_reminders where user_id = any($1) group by user_id order by user_id`,
      [shopperIds],
    )
    expect(rows).toEqual(shopperIds.filter((id) => id !== OPTED_OUT).map((id) => ({ user_id: id, reminders: 1 })))
  })
})
