/**
 * Makes sure Debian's Chromium is there for the end-to-end suite and Lighthouse (docs/quality-bars.md#operability):
 * present → nothing to do; missing and root → apt-get install; missing and not root → stop with
 * a message naming the package. Runnable on its own: `tsx scripts/ensure-chromium.ts`.
 */
import { spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { pathToFileURL } from 'node:url'

export const CHROMIUM_PACKAGE = 'chromium'
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

/** The flags every headless run on these machines uses (docs/platform-notes.md#headless-chromium-flags). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export type ChromiumPlan =
  { action: 'ready' } | { action: 'install'; commands: string[][] } | { action: 'refuse'; message: string }

export function planChromium({
  executable,
  present,
  isRoot,
}: {
  executable: string
  present: boolean
  isRoot: boolean
}): ChromiumPlan {
  if (present) return { action: 'ready' }
  if (isRoot) {
    return {
      action: 'install',
      commands: [
        ['apt-get', 'update'],
        ['apt-get', 'install', '-y', '--no-install-recommends', CHROMIUM_PACKAGE],
      ],
    }
  }
  return {
    action: 'refuse',
    message:
      `Chromium is missing (${executable}) and this user cannot install it. ` +
      `Install the Debian package "${CHROMIUM_PACKAGE}" (sudo apt-get install -y ${CHROMIUM_PACKAGE}) ` +
      `or point CHROMIUM_PATH at a Chromium binary, then run the tests again.`,
  }
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

export class ChromiumUnavailableError extends Error {
  override name = 'ChromiumUnavailableError'
}

/** Installs Chromium when needed; throws ChromiumUnavailableError with the reason when it cannot. */
export function ensureChromium(executable = CHROMIUM_PATH): string {
  const plan = planChromium({
    executable,
    present: isExecutable(executable),
    isRoot: process.getuid?.() === 0,
  })
  if (plan.action === 'ready') return executable
  if (plan.action === 'refuse') throw new ChromiumUnavailableError(plan.message)

  console.log(`Chromium is missing (${executable}); installing the Debian package "${CHROMIUM_PACKAGE}"…`)
  for (const [command, ...args] of plan.commands) {
    if (!command) continue
    const result = spawnSync(command, args, {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
    if (result.status !== 0) {
      throw new ChromiumUnavailableError(
        `"${[command, ...args].join(' ')}" failed (${result.error?.message ?? `exit ${result.status}`}); ` +
          `install the Debian package "${CHROMIUM_PACKAGE}" by hand.`,
      )
    }
  }
  if (!isExecutable(executable)) {
    throw new ChromiumUnavailableError(
      `"${CHROMIUM_PACKAGE}" was installed but ${executable} is still missing.`,
    )
  }
  return executable
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    console.log(`Chromium: ${ensureChromium()}`)
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
