/**
 * A lean HTTP/1.1 load generator for the load bench's side-by-side runs: keep-alive connections
 * on node:net, one request in flight per connection, response bodies counted and dropped.
 *
 * Why not autocannon here: autocannon appends every body chunk to a string
 * (`req.body += data`), so it decodes each response as UTF-8 before dropping it. On the 2-core
 * bench machine that caps a 110 KiB body at about 550 req/s against a bare Node server that
 * wrk drives at 15,000, and it charges a gzip page more client time than a smaller brotli file:
 * the ratios the bench compares measured the load generator, not the server. This client parses
 * the status line and headers, frames the body (Content-Length or chunked) and never copies it.
 */
import net from 'node:net'
import { performance } from 'node:perf_hooks'

export interface LoadRequest {
  path: string
  headers?: Record<string, string>
}

export interface LoadOptions {
  host: string
  port: number
  connections: number
  durationS: number
  /** The next request to send; called once per request, in sending order. */
  next: () => LoadRequest
  /** Headers sent with every request (a request's own headers win). */
  headers?: Record<string, string>
  /** An answer not complete after this long is a time-out: the connection is closed and opened again. */
  timeoutMs?: number
  onResponse?: (response: ResponseHead) => void
}

export interface LoadResult {
  /** Answers completed within the run, per second. */
  requestsPerSecond: number
  total: number
  /** Milliseconds from sending each request to the last byte of its answer. */
  latencies: number[]
  /** Completed answers by status code. */
  statuses: Record<string, number>
  timeouts: number
  socketErrors: number
}

export interface ResponseHead {
  status: number
  /** Header names in lower case; repeated headers joined with ', '. */
  headers: Record<string, string>
}

const CRLF_CRLF = Buffer.from('\r\n\r\n')
const CRLF = Buffer.from('\r\n')

/**
 * Reads HTTP/1.1 responses from a byte stream as it arrives, one after another on one connection.
 * Bodies are framed, counted and dropped; `feed` returns the heads of the answers it completed.
 */
export class ResponseReader {
  private pending: Buffer = Buffer.alloc(0)
  private head: ResponseHead | undefined
  /** Body bytes still to skip in the current Content-Length body or chunk (with its CRLF). */
  private remaining = 0
  private framing: 'none' | 'length' | 'chunked' | 'close' = 'none'
  private chunkState: 'size' | 'data' | 'trailers' = 'size'

  /** The response to a HEAD request has no body whatever its headers say. */
  constructor(private readonly noBodyExpected = false) {}

  feed(chunk: Buffer): ResponseHead[] {
    const done: ResponseHead[] = []
    let data = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk
    this.pending = Buffer.alloc(0)
    for (;;) {
      if (!this.head) {
        const end = data.indexOf(CRLF_CRLF)
        if (end === -1) {
          this.pending = data
          return done
        }
        this.head = parseHead(data.subarray(0, end).toString('latin1'))
        data = data.subarray(end + 4)
        this.startBody(this.head)
      }
      if (this.framing === 'length') {
        const take = Math.min(this.remaining, data.length)
        this.remaining -= take
        data = data.subarray(take)
        if (this.remaining > 0) return done
      } else if (this.framing === 'chunked') {
        const finished = this.readChunks(data)
        if (finished === undefined) return done
        data = finished
      } else if (this.framing === 'close') {
        return done // the body ends when the server closes: see end()
      }
      done.push(this.head)
      this.head = undefined
      this.framing = 'none'
      if (data.length === 0) return done
    }
  }

  /** The connection closed: an answer framed by the close is complete, any other was cut off. */
  end(): ResponseHead | undefined {
    const head = this.framing === 'close' ? this.head : undefined
    this.head = undefined
    this.framing = 'none'
    this.pending = Buffer.alloc(0)
    return head
  }

  private startBody(head: ResponseHead) {
    const bodiless = this.noBodyExpected || head.status === 204 || head.status === 304 || head.status < 200
    if (bodiless) {
      this.framing = 'length'
      this.remaining = 0
    } else if (/\bchunked\b/i.test(head.headers['transfer-encoding'] ?? '')) {
      this.framing = 'chunked'
      this.chunkState = 'size'
    } else if (head.headers['content-length'] !== undefined) {
      this.framing = 'length'
      this.remaining = Number.parseInt(head.headers['content-length'], 10)
      if (!Number.isFinite(this.remaining) || this.remaining < 0)
        throw new Error(`bad Content-Length: ${head.headers['content-length']}`)
    } else {
      this.framing = 'close'
    }
  }

  /** Skips chunks; the bytes after the last chunk's trailers, or undefined when more are needed. */
  private readChunks(data: Buffer): Buffer | undefined {
    for (;;) {
      if (this.chunkState === 'data') {
        const take = Math.min(this.remaining, data.length)
        this.remaining -= take
        data = data.subarray(take)
        if (this.remaining > 0) return undefined
        this.chunkState = 'size'
      }
      const lineEnd = data.indexOf(CRLF)
      if (lineEnd === -1) {
        this.pending = data
        return undefined
      }
      const line = data.subarray(0, lineEnd).toString('latin1')
      data = data.subarray(lineEnd + 2)
      if (this.chunkState === 'trailers') {
        if (line === '') return data
        continue
      }
      const size = Number.parseInt(line.split(';')[0] ?? '', 16)
      if (!Number.isFinite(size) || size < 0) throw new Error(`bad chunk size line: ${line.slice(0, 40)}`)
      if (size === 0) this.chunkState = 'trailers'
      else {
        this.chunkState = 'data'
        this.remaining = size + 2 // the chunk's data and its CRLF
      }
    }
  }
}

/** The status and headers of a response head (status line and header lines, no final CRLF). */
export function parseHead(text: string): ResponseHead {
  const lines = text.split('\r\n')
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1]
  if (!status) throw new Error(`not an HTTP/1.x status line: ${(lines[0] ?? '').slice(0, 40)}`)
  const headers: Record<string, string> = {}
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`
  }
  return { status: Number(status), headers }
}

/** The bytes of a GET request for `path` with these headers. */
export function requestBytes(host: string, path: string, headers: Record<string, string>): Buffer {
  let text = `GET ${path} HTTP/1.1\r\nhost: ${host}\r\n`
  for (const [name, value] of Object.entries(headers)) text += `${name}: ${value}\r\n`
  return Buffer.from(`${text}\r\n`, 'latin1')
}

/** `connections` keep-alive connections sending GETs back to back for `durationS` seconds. */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const { host, port, connections, durationS, next, timeoutMs = 10_000, onResponse } = options
  const hostHeader = `${host}:${port}`
  const latencies: number[] = []
  const statuses: Record<string, number> = {}
  let timeouts = 0
  let socketErrors = 0
  let completed = 0
  const startedAt = performance.now()
  const endsAt = startedAt + durationS * 1000
  const sockets = new Set<net.Socket>()

  return new Promise((resolve) => {
    const open = () => {
      const socket = net.connect({ host, port, noDelay: true })
      const reader = new ResponseReader()
      let sentAt = 0
      let inFlight = false
      let failed = false
      let timer: NodeJS.Timeout | undefined
      sockets.add(socket)
      const send = () => {
        if (performance.now() >= endsAt) return socket.end()
        const request = next()
        sentAt = performance.now()
        inFlight = true
        timer = setTimeout(() => {
          timeouts += 1
          inFlight = false
          socket.destroy()
        }, timeoutMs)
        socket.write(requestBytes(hostHeader, request.path, { ...options.headers, ...request.headers }))
      }
      const answered = (head: ResponseHead) => {
        clearTimeout(timer)
        inFlight = false
        const finishedAt = performance.now()
        if (finishedAt > endsAt) return
        completed += 1
        latencies.push(finishedAt - sentAt)
        statuses[head.status] = (statuses[head.status] ?? 0) + 1
        onResponse?.(head)
      }
      socket.on('connect', send)
      socket.on('data', (chunk: Buffer) => {
        let heads: ResponseHead[]
        try {
          heads = reader.feed(chunk)
        } catch {
          failed = true
          socket.destroy()
          return
        }
        for (const head of heads) {
          answered(head)
          if (/\bclose\b/i.test(head.headers['connection'] ?? '')) return socket.end()
          send()
        }
      })
      socket.on('error', () => {
        failed = true
      })
      socket.on('close', () => {
        clearTimeout(timer)
        sockets.delete(socket)
        const closedAnswer = reader.end()
        if (closedAnswer) answered(closedAnswer)
        const running = performance.now() < endsAt
        // refused, reset, an unreadable answer, or an answer cut off: a socket error
        if (running && (failed || inFlight)) socketErrors += 1
        // a connection the server (or a time-out) closed is opened again while the run lasts,
        // after a pause if it failed, so a refusing server is not hammered in a busy loop
        if (running) setTimeout(open, failed ? 10 : 0)
      })
    }
    for (let i = 0; i < connections; i++) open()
    setTimeout(
      () => {
        for (const socket of sockets) socket.destroy()
        resolve({
          requestsPerSecond: completed / durationS,
          total: completed,
          latencies,
          statuses,
          timeouts,
          socketErrors,
        })
      },
      durationS * 1000 + 20,
    )
  })
}
