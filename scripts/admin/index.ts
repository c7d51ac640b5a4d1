/**
 * `npm run admin -- <command> [arguments]`: the back office's command line over the admin API
 * (docs/adr/0027-admin-api.md). `npm run admin -- help` lists the commands.
 */
import { pathToFileURL } from 'node:url'
import { AdminApiError, adminClientOptions, createAdminCall, type AdminCall } from './client'
import { ADMIN_COMMANDS } from './commands'

export function helpText(): string {
  const lines = ['Usage: npm run admin -- <command> [arguments]', '', 'Commands:']
  for (const command of ADMIN_COMMANDS)
    lines.push(`  ${command.name} ${command.usage}`, `      ${command.summary}`)
  lines.push(
    '',
    'Environment: ADMIN_URL (default http://127.0.0.1:$PORT/admin/api), ADMIN_KEY (default: the key',
    'the shop generated in $DATA_DIR/admin-key), ADMIN_ACTOR (default: your login name).',
  )
  return lines.join('\n')
}

/** Runs one command line; returns the exit code. */
export async function runAdmin(
  argv: string[],
  {
    call,
    print = console.log,
    printError = console.error,
  }: { call?: AdminCall; print?: (line: string) => void; printError?: (line: string) => void } = {},
): Promise<number> {
  const [name, ...args] = argv
  if (!name || name === 'help' || name === '--help') {
    print(helpText())
    return name ? 0 : 2
  }
  const command = ADMIN_COMMANDS.find((candidate) => candidate.name === name)
  if (!command) {
    printError(`Unknown command "${name}".\n\n${helpText()}`)
    return 2
  }
  try {
    await command.run(args, call ?? createAdminCall(adminClientOptions()), print)
    return 0
  } catch (error) {
    if (error instanceof AdminApiError) {
      const fields = error.fields
        ? Object.entries(error.fields).map(([field, problem]) => `\n  ${field}: ${problem}`)
        : []
      printError(`${name}: ${error.message} (${error.status} ${error.code})${fields.join('')}`)
    } else if (
      error instanceof TypeError &&
      (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
    ) {
      printError(`${name}: ${error.message}\nUsage: npm run admin -- ${name} ${command.usage}`)
    } else printError(`${name}: ${(error as Error).message}`)
    return 1
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await runAdmin(process.argv.slice(2))
}
