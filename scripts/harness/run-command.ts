/** Runs one command of the harness with its output streamed to ours, resolving to its exit code. */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { buildIsCurrent } from '../build-stamp'
import { REPO_ROOT } from './production-server'

export function runCommand(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...env },
    })
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

/** True when the production build exists and was made from the current sources. */
export function buildIsFresh(): Promise<boolean> {
  return buildIsCurrent(REPO_ROOT)
}

/** Runs `npm run build` unless the build is current; false when the build failed. */
export async function ensureBuild(): Promise<boolean> {
  if (await buildIsFresh()) return true
  console.log('The production build is missing or stale: running "npm run build".')
  const exitCode = await runCommand('npm', ['run', 'build'])
  return exitCode === 0
}
