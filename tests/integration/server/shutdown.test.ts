/**
 * SIGTERM lets requests in flight finish (docs/quality-bars.md#resilience): the real server process is started, a
 * request is left half-sent (its headers acknowledged with 100 Continue, so it is certainly in
 * flight), the process gets SIGTERM, and then the body is sent: the request must still be
 * answered, and the process must exit 0 once it has been.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { once } from 'node:events'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVER_ENTRY } from '../../../scripts/build-stamp'
import { ensureProductionBuild } from './production-app'

const root = path.resolve(import.meta.dirname, '../../..')
let server: ChildProcess
let port: number

beforeAll(async () => {
  await ensureProductionBuild()
  // The compiled server exactly as `npm start` runs it: plain node, no TypeScript loader.
  server = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lumo-shutdown-')),
      SEED_PRODUCTS: '10',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  port = await new Promise<number>((resolve, reject) => {
    let output = ''
    server.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Lumo listening on http:\/\/[^:]+:(\d+)/.exec(output)
      if (match) resolve(Number(match[1]))
    })
    server.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)))
  })
}, 180_000)

afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL')
})

describe('graceful shutdown', () => {
  it('finishes a request in flight, then exits 0', async () => {
    const body = JSON.stringify({ type: 'error', message: 'sent across a shutdown' })
    const socket = net.connect(port, '127.0.0.1')
    await once(socket, 'connect')
    let received = ''
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()))
    socket.write(
      [
        'PUT /api/log-error HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Expect: 100-continue',
        'Connection: close',
        '',
        '',
      ].join('\r\n'),
    )
    // The server has parsed the headers once it asks for the body.
    while (!received.includes('100 Continue')) await once(socket, 'data')

    const exited = once(server, 'exit')
    server.kill('SIGTERM')
    socket.write(body)
    await once(socket, 'close')

    expect(received).toMatch(/HTTP\/1\.1 204/)
    const [code] = await exited
    expect(code).toBe(0)
  }, 60_000)
})
