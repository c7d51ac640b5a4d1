import type { AdminCall } from '../client'

/** One `npm run admin -- <name> …` command: parses its own arguments, calls the API, prints. */
export interface AdminCommand {
  name: string
  /** one line for `npm run admin -- help` */
  summary: string
  /** the arguments, e.g. `--sku <id> --quantity <n>` */
  usage: string
  run(args: string[], call: AdminCall, print: (line: string) => void): Promise<void>
}
