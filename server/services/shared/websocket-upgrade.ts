/**
 * WebSocket upgrades by path on the app's one HTTP server. Node hands every upgrade request to
 * the server's 'upgrade' listeners and to nothing else, so one listener per server routes them:
 * the commerce API's `/graphql` and the storefront's `/api/graphql` (docs/adr/0036-live-updates.md)
 * each claim their path, and an upgrade to any other path is answered 404 and closed instead of
 * hanging. Upgraded sockets are outside Fastify's connection handling: each handler closes its
 * own on `app.close()`.
 */
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyInstance } from 'fastify'

export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void

const routesByServer = new WeakMap<Server, Map<string, UpgradeHandler>>()

/** Answers an upgrade request with a plain HTTP error and closes the socket. */
export function refuseUpgrade(
  socket: Duplex,
  status: number,
  reason: string,
  headers: Record<string, string> = {},
): void {
  if (socket.writable) {
    const extra = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\n${extra}` +
        `Content-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
    )
  }
  socket.destroy()
}

function pathOf(request: IncomingMessage): string {
  const url = request.url ?? '/'
  const query = url.indexOf('?')
  return query === -1 ? url : url.slice(0, query)
}

/** Claims WebSocket upgrades to `path` on the app's server. */
export function handleUpgrades(app: FastifyInstance, path: string, handler: UpgradeHandler): void {
  const server = app.server
  let routes = routesByServer.get(server)
  if (!routes) {
    const table = new Map<string, UpgradeHandler>()
    routes = table
    routesByServer.set(server, table)
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const route = table.get(pathOf(request))
      if (route) route(request, socket, head)
      else refuseUpgrade(socket, 404, 'Not Found')
    })
  }
  if (routes.has(path)) throw new Error(`WebSocket upgrades to ${path} are handled twice`)
  routes.set(path, handler)
}
