/**
 * `npm start` runs the compiled server (dist/server/start.js) with plain node: no TypeScript
 * loader at run time. The graceful-shutdown test (shutdown.test.ts) runs the same file.
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { once } from 'node:events'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from '../../../scripts/build-stamp'
import { ensureProductionBuild } from './production-app'

const root = path.resolve(import.meta.dirname, '../../..')

beforeAll(async () => {
  await ensureProductionBuild()
}, 180_000)

describe('the compiled start', () => {
  it('is written by the build', () => {
    expect(existsSync(path.join(root, SERVER_ENTRY))).toBe(true)
  })

  it('is what the container runs as PID 1, with node itself, so SIGTERM reaches it (issue #15, finding 3)', () => {
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8')
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1]
    expect(cmd && (JSON.parse(cmd) as string[])).toEqual([
      'node',
      '--enable-source-maps',
      ...SERVER_NODE_FLAGS,
      SERVER_ENTRY,
    ])
    expect(dockerfile).toMatch(/^USER node$/m)
    expect(dockerfile).not.toMatch(/^(CMD|ENTRYPOINT).*\bnpm\b/m)
  })

  it("is what npm start runs, with node and the server's flags, in the place of the shell", () => {
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>
    }
    expect(manifest.scripts['start']).toMatch(
      new RegExp(`&& exec node ${SERVER_NODE_FLAGS.join(' ')} ${SERVER_ENTRY}$`),
    )
  })

  it('runs under plain node and reports bad configuration with its own exit code', async () => {
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: root,
      env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const [code] = await once(child, 'exit')

    expect(stderr).toContain('PORT')
    expect(code).toBe(78)
  })
})
