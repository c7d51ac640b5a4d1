import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { parseHead, requestBytes, ResponseReader, runLoad } from './http-load'

const response = (head: string, body = '') => Buffer.from(`${head}\r\n\r\n${body}`, 'latin1')

describe('parseHead', () => {
  it('reads the status and lower-cased headers, joining repeated ones', () => {
    expect(
      parseHead('HTTP/1.1 200 OK\r\nContent-Length: 5\r\nX-Lumo-Cache: hit\r\nVary: a\r\nvary: b'),
    ).toEqual({ status: 200, headers: { 'content-length': '5', 'x-lumo-cache': 'hit', vary: 'a, b' } })
  })

  it('refuses what is not an HTTP/1.x status line', () => {
    expect(() => parseHead('SSH-2.0-OpenSSH')).toThrow(/not an HTTP\/1.x status line/)
  })
})

describe('ResponseReader', () => {
  it('frames Content-Length bodies across reads and answers sent back to back', () => {
    const reader = new ResponseReader()
    const first = response('HTTP/1.1 200 OK\r\nContent-Length: 10', '0123456789')
    const second = response('HTTP/1.1 404 Not Found\r\nContent-Length: 3', 'abc')
    const stream = Buffer.concat([first, second])
    const cut = first.length + 5 // inside the second answer's status line
    const heads = [...reader.feed(stream.subarray(0, 7)), ...reader.feed(stream.subarray(7, cut))]
    expect(heads.map((head) => head.status)).toEqual([200])
    expect(reader.feed(stream.subarray(cut)).map((head) => head.status)).toEqual([404])
  })

  it('frames chunked bodies, chunk extensions and trailers, byte by byte', () => {
    const reader = new ResponseReader()
    const stream = Buffer.concat([
      response(
        'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked',
        '5;ext=1\r\nhello\r\nA\r\n0123456789\r\n0\r\nX-Trailer: t\r\n\r\n',
      ),
      response('HTTP/1.1 204 No Content'),
    ])
    const statuses: number[] = []
    for (let i = 0; i < stream.length; i++)
      statuses.push(...reader.feed(stream.subarray(i, i + 1)).map((head) => head.status))
    expect(statuses).toEqual([200, 204])
  })

  it('does not end a chunked body at a "0" inside a chunk', () => {
    const reader = new ResponseReader()
    const body = '7\r\n0\r\n\r\nab\r\n0\r\n\r\n'
    expect(reader.feed(response('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked', body))).toHaveLength(1)
  })

  it('waits for the rest of a body, and completes one framed by the close at the end', () => {
    const reader = new ResponseReader()
    expect(reader.feed(response('HTTP/1.1 200 OK\r\nContent-Length: 4', 'ab'))).toEqual([])
    expect(reader.end()).toBeUndefined()
    const closing = new ResponseReader()
    expect(closing.feed(response('HTTP/1.1 200 OK\r\nConnection: close', 'until the end'))).toEqual([])
    expect(closing.end()?.status).toBe(200)
  })

  it('refuses a Content-Length that is not a number', () => {
    expect(() => new ResponseReader().feed(response('HTTP/1.1 200 OK\r\nContent-Length: -1'))).toThrow(
      /bad Content-Length/,
    )
  })
})

describe('requestBytes', () => {
  it('writes a GET with the host and the headers given', () => {
    expect(requestBytes('127.0.0.1:8080', '/fi/', { cookie: 'a=1' }).toString()).toBe(
      'GET /fi/ HTTP/1.1\r\nhost: 127.0.0.1:8080\r\ncookie: a=1\r\n\r\n',
    )
  })
})

describe('runLoad against a local server', () => {
  let server: http.Server | undefined
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

  const listen = (handler: http.RequestListener) =>
    new Promise<number>((resolve) => {
      server = http.createServer(handler)
      server.listen(0, '127.0.0.1', () => resolve((server!.address() as AddressInfo).port))
    })

  it('counts every answer of each kind, with the headers sent and the heads seen', async () => {
    const seen: string[] = []
    const port = await listen((request, reply) => {
      seen.push(`${request.url} ${request.headers['accept-encoding']} ${request.headers.cookie ?? '-'}`)
      if (request.url === '/chunked') {
        reply.write('x'.repeat(70_000))
        reply.end('y')
      } else if (request.url === '/missing') {
        reply.writeHead(404).end('no')
      } else {
        reply.setHeader('x-lumo-cache', 'hit')
        reply.end(Buffer.alloc(200_000))
      }
    })
    const paths = ['/chunked', '/missing', '/big']
    let next = 0
    const cacheStates: string[] = []
    const result = await runLoad({
      host: '127.0.0.1',
      port,
      connections: 3,
      // long enough for the first three requests (one of each path) on a loaded machine
      durationS: 1.5,
      headers: { 'accept-encoding': 'br, gzip' },
      next: () => ({ path: paths[next++ % 3]!, headers: next % 3 === 0 ? { cookie: 'cart=1' } : undefined }),
      onResponse: (head) => {
        if (head.headers['x-lumo-cache']) cacheStates.push(head.headers['x-lumo-cache'])
      },
    })
    expect(result.total).toBeGreaterThanOrEqual(3)
    expect(result.total).toBe(result.latencies.length)
    expect(result.statuses['200']! + result.statuses['404']!).toBe(result.total)
    expect(result.statuses['404']).toBeGreaterThan(0)
    expect(result.timeouts + result.socketErrors).toBe(0)
    expect(cacheStates.length).toBeGreaterThan(0)
    expect(cacheStates.every((state) => state === 'hit')).toBe(true)
    expect(seen.some((line) => line.endsWith('br, gzip cart=1'))).toBe(true)
    expect(seen.some((line) => line.endsWith('br, gzip -'))).toBe(true)
  })

  it('counts a request the server never answers as a time-out, and goes on', async () => {
    const port = await listen((request, reply) => {
      if (request.url === '/hang') return // never answers
      reply.end('ok')
    })
    let next = 0
    const result = await runLoad({
      host: '127.0.0.1',
      port,
      connections: 1,
      durationS: 2,
      timeoutMs: 250,
      next: () => ({ path: next++ === 0 ? '/hang' : '/ok' }),
    })
    // at least the hanging one (a loaded machine may be slow to answer an /ok too)
    expect(result.timeouts).toBeGreaterThanOrEqual(1)
    expect(result.statuses['200']).toBeGreaterThan(0)
  })

  it('counts refused connections as socket errors', async () => {
    const port = await listen(() => undefined)
    await new Promise<void>((resolve) => server!.close(() => resolve()))
    server = undefined
    const result = await runLoad({
      host: '127.0.0.1',
      port,
      connections: 2,
      durationS: 0.2,
      next: () => ({ path: '/' }),
    })
    expect(result.total).toBe(0)
    expect(result.socketErrors).toBeGreaterThan(0)
  })
})
