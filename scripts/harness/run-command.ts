/** Runs one command of the harness with its output streamed to ours, resolving to its exit code. */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from './production-server'

export function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } })
    child.once('error', (error) => {
      console.error(`could not run ${command}: ${error.message}`)
      resolve(127)
    })
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : null)))
  })
}

/** A tool installed in node_modules/.bin (no npx lookup, no network). */
export function localBin(name: string): string {
  return path.join(REPO_ROOT, 'node_modules', '.bin', name)
}

/** The production build is there when Vite's client manifest and the server bundle exist. */
export function buildExists(): boolean {
  return existsSync(path.join(REPO_ROOT, 'dist/client/.vite/manifest.json')) && existsSync(path.join(REPO_ROOT, 'dist/server'))
}
