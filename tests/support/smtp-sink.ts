/** A real SMTP server (smtp-server) for fleet tests: keeps what it accepts; can refuse (421) until told to accept. */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string
  subject: string
  messageId: string
  /** The List-Unsubscribe header ('' when none). */
  listUnsubscribe: string
}

export interface SmtpSink {
  /** For SMTP_URL. */
  url: string
  received: ReceivedMail[]
  /** Starts accepting connections (a sink started with `accepting: false` refuses them). */
  accept: () => void
  close: () => Promise<void>
}

export async function startSmtpSink({ accepting = true }: { accepting?: boolean } = {}): Promise<SmtpSink> {
  let open = accepting
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      if (open) return callback()
      const refusal = Object.assign(new Error('Try again later'), { responseCode: 421 })
      return callback(refusal)
    },
    onData(stream, _session, callback) {
      let raw = ''
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')))
      stream.on('end', () => {
        // Long headers arrive folded over several lines: unfold them before reading.
        const head = (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ')
        const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? ''
        received.push({ to: header('To'), subject: header('Subject'), messageId: header('Message-ID'), listUnsubscribe: header('List-Unsubscribe') })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    accept: () => (open = true),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
