/**
 * Sends the store's email through nodemailer: SMTP when SMTP_URL is set, otherwise an outbox of
 * JSON files under DATA_DIR/outbox that the developer mailbox (/dev/mailbox) reads, so a
 * newcomer can confirm an account on a machine with no mail server.
 */
import { randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'

export const STORE_NAME = 'Audio Lab Store'

export interface OutgoingEmail {
  to: string
  subject: string
  text: string
  html: string
  replyTo?: string
}

export interface StoredEmail extends OutgoingEmail {
  id: string
  from: string
  sentAt: string
}

export interface Mailer {
  /** Where mail goes: `smtp` or `outbox`. */
  kind: 'smtp' | 'outbox'
  send: (email: OutgoingEmail) => Promise<void>
  /** Outbox only: newest first. */
  listOutbox: () => Promise<StoredEmail[]>
}

export interface MailerOptions {
  smtpUrl: string | undefined
  dataDir: string
  from?: string
}

export function createMailer({ smtpUrl, dataDir, from = `${STORE_NAME} <no-reply@audiolab.store>` }: MailerOptions): Mailer {
  const outboxDir = join(dataDir, 'outbox')
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl)
    return {
      kind: 'smtp',
      send: async (email) => {
        await transport.sendMail({ from, ...email })
      },
      listOutbox: async () => [],
    }
  }
  return {
    kind: 'outbox',
    send: async (email) => {
      await mkdir(outboxDir, { recursive: true })
      const sentAt = new Date().toISOString()
      const stored: StoredEmail = { id: randomUUID(), from, sentAt, ...email }
      // The time prefix keeps file names in sending order across processes sharing DATA_DIR.
      await writeFile(join(outboxDir, `${sentAt.replace(/[:.]/g, '-')}-${stored.id}.json`), JSON.stringify(stored, null, 2))
    },
    listOutbox: async () => {
      const names = await readdir(outboxDir).catch(() => [] as string[])
      const files = names.filter((name) => name.endsWith('.json')).sort().reverse()
      return Promise.all(files.map(async (name) => JSON.parse(await readFile(join(outboxDir, name), 'utf8')) as StoredEmail))
    },
  }
}
