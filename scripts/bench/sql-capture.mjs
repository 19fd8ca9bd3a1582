// Records the SQL a server sends PostgreSQL, with its parameters, by standing between them: a TCP
// proxy that reads the frontend messages of the wire protocol (Query, and Parse + Bind of the
// extended protocol node-postgres uses) and forwards every byte unchanged. The benchmark points a
// store at it for a few requests to learn the queries each request runs, then EXPLAINs and replays
// them; it never stands in the way of a measurement.
import { createServer, connect } from 'node:net'

/** Reads NUL-terminated text at `offset`; answers it and the offset after the NUL. */
function cString(buffer, offset) {
  const end = buffer.indexOf(0, offset)
  return [buffer.toString('utf8', offset, end), end + 1]
}

/**
 * Starts the proxy in front of the PostgreSQL of `databaseUrl`. `url` is the same database through
 * the proxy; between begin() and end() every statement is recorded as { connection, sql, params }
 * (params as text, null for NULL; binary ones as \x hex).
 */
export async function startSqlCapture(databaseUrl) {
  const target = new URL(databaseUrl)
  const sockets = new Set()
  let recording = null
  let nextConnection = 0

  const server = createServer((client) => {
    const connection = nextConnection++
    const upstream = connect(Number(target.port || 5432), target.hostname)
    sockets.add(client).add(upstream)
    const statements = new Map()
    let pending = Buffer.alloc(0)
    let started = false

    function read(message, type) {
      if (type === 'P') {
        const [name, afterName] = cString(message, 0)
        const [sql] = cString(message, afterName)
        statements.set(name, sql)
      } else if (type === 'B' && recording) {
        const [, afterPortal] = cString(message, 0)
        const [name, afterName] = cString(message, afterPortal)
        let offset = afterName
        const formatCount = message.readInt16BE(offset)
        const formats = Array.from({ length: formatCount }, (_, i) => message.readInt16BE(offset + 2 + i * 2))
        offset += 2 + formatCount * 2
        const params = []
        const paramCount = message.readInt16BE(offset)
        offset += 2
        for (let i = 0; i < paramCount; i++) {
          const length = message.readInt32BE(offset)
          offset += 4
          if (length < 0) params.push(null)
          else {
            const binary = (formats.length === 1 ? formats[0] : formats[i]) === 1
            params.push(binary ? `\\x${message.toString('hex', offset, offset + length)}` : message.toString('utf8', offset, offset + length))
            offset += length
          }
        }
        recording.push({ connection, sql: statements.get(name) ?? '', params })
      } else if (type === 'Q' && recording) {
        recording.push({ connection, sql: cString(message, 0)[0], params: [] })
      }
    }

    client.on('data', (chunk) => {
      upstream.write(chunk)
      pending = Buffer.concat([pending, chunk])
      for (;;) {
        if (!started) {
          // Untyped messages open a connection: SSLRequest / GSSENCRequest (answered by one byte), then StartupMessage.
          if (pending.length < 8) return
          const length = pending.readInt32BE(0)
          if (pending.length < length) return
          const code = pending.readInt32BE(4)
          pending = pending.subarray(length)
          if (code === 196608) started = true
          continue
        }
        if (pending.length < 5) return
        const length = pending.readInt32BE(1)
        if (pending.length < length + 1) return
        read(pending.subarray(5, length + 1), String.fromCharCode(pending[0]))
        pending = pending.subarray(length + 1)
      }
    })
    upstream.on('data', (chunk) => client.write(chunk))
    const close = () => {
      client.destroy()
      upstream.destroy()
      sockets.delete(client)
      sockets.delete(upstream)
    }
    for (const socket of [client, upstream]) socket.on('close', close).on('error', close)
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = new URL(databaseUrl)
  url.hostname = '127.0.0.1'
  url.port = String(server.address().port)

  return {
    url: url.toString(),
    begin() {
      recording = []
    },
    /** The statements since begin(). */
    end() {
      const recorded = recording ?? []
      recording = null
      return recorded
    },
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
