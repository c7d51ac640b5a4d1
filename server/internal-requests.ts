/**
 * In-process requests (the page cache's shared render through app.inject) that write no request
 * line of their own: the request that asked for them has the line (server/request-log.ts).
 */
const internal = new WeakSet<object>()

export function markInternalRequest(request: object): void {
  internal.add(request)
}

export function isInternalRequest(request: object): boolean {
  return internal.has(request)
}
