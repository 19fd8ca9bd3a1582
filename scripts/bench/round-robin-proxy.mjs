// A small round-robin HTTP proxy for the benchmarks: each request goes to the next store process
// in turn, over kept-alive connections, the bytes passed through as they are (compressed answers
// stay compressed). It stands for the load balancer in front of a fleet.
import { Agent, createServer, request } from 'node:http'

/** Starts the proxy in front of `targets` (base URLs); answers its base URL and a stop function. */
export async function startRoundRobinProxy(targets) {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 })
  const upstreams = targets.map((target) => new URL(target))
  let next = 0
  const server = createServer((incoming, outgoing) => {
    const target = upstreams[next++ % upstreams.length]
    const forwarded = request(
      { hostname: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers: incoming.headers, agent },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    forwarded.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502)
      outgoing.end()
    })
    incoming.pipe(forwarded)
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    stop: () =>
      new Promise((resolve) => {
        server.close(resolve)
        server.closeAllConnections()
        agent.destroy()
      }),
  }
}
