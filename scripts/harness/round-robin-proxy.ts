/**
 * A small load balancer for tests of several instances (issue #15 item 6): round robin over the
 * backends, `X-Forwarded-For`/`-Proto` added, and a backend that refuses connections is taken out
 * for a while and the request goes to the next one — only when nothing was sent yet, as nginx's
 * `proxy_next_upstream error` does, so a POST is never sent twice.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RoundRobinProxy {
  baseUrl: string
  /** How many requests each backend answered. */
  served: Map<string, number>
  close(): Promise<void>
}

const DOWN_FOR_MS = 5_000

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

export async function startRoundRobinProxy(backends: string[]): Promise<RoundRobinProxy> {
  const served = new Map(backends.map((backend) => [backend, 0]))
  const downUntil = new Map<string, number>()
  let next = 0

  function candidates(): string[] {
    const order = backends.map((_, index) => backends[(next + index) % backends.length]!)
    next = (next + 1) % backends.length
    const now = Date.now()
    return [
      ...order.filter((b) => (downUntil.get(b) ?? 0) <= now),
      ...order.filter((b) => (downUntil.get(b) ?? 0) > now),
    ]
  }

  const server: Server = createServer(async (incoming, outgoing) => {
    const body = await bodyOf(incoming)
    for (const backend of candidates()) {
      const target = new URL(incoming.url ?? '/', backend)
      const sent = await new Promise<boolean>((resolve) => {
        const upstream = httpRequest(
          target,
          {
            method: incoming.method,
            headers: {
              // the shop's public host goes through, as a real proxy's `Host $host`
              ...incoming.headers,
              'x-forwarded-for': [
                incoming.headers['x-forwarded-for'],
                incoming.socket.remoteAddress ?? '127.0.0.1',
              ]
                .filter(Boolean)
                .join(', '),
              'x-forwarded-proto': 'http',
            },
          },
          (response) => {
            served.set(backend, (served.get(backend) ?? 0) + 1)
            outgoing.writeHead(response.statusCode ?? 502, response.headers)
            response.pipe(outgoing)
            response.on('error', () => outgoing.destroy())
            resolve(true)
          },
        )
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNREFUSED') {
            // nothing reached this backend: take it out and try the next
            downUntil.set(backend, Date.now() + DOWN_FOR_MS)
            resolve(false)
          } else {
            // the request may have reached it: never send it twice
            if (!outgoing.headersSent) outgoing.writeHead(502).end('bad gateway')
            else outgoing.destroy()
            resolve(true)
          }
        })
        upstream.end(body)
      })
      if (sent) return
    }
    outgoing.writeHead(503).end('no backend')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
