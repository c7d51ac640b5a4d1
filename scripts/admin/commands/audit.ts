import { parseArgs } from 'node:util'
import type { AdminCommand } from './types'

interface AuditEntry {
  id: string
  at: string
  actor: string
  action: string
  target: string
  details: Record<string, unknown>
}

export const auditCommand: AdminCommand = {
  name: 'audit',
  summary: 'list the audit log, newest first (who changed what, when)',
  usage: '[--limit <n>] [--action <name>] [--before <id>] [--json]',
  async run(args, call, print) {
    const { values } = parseArgs({
      args,
      options: {
        limit: { type: 'string' },
        action: { type: 'string' },
        before: { type: 'string' },
        json: { type: 'boolean', default: false },
      },
    })
    const query = new URLSearchParams()
    if (values.limit) query.set('limit', values.limit)
    if (values.action) query.set('action', values.action)
    if (values.before) query.set('before', values.before)
    const answer = await call<{ entries: AuditEntry[]; next: string | null }>('GET', `/audit?${query}`)
    if (values.json) return print(JSON.stringify(answer, null, 2))
    for (const entry of answer.entries)
      print(
        `${entry.id}\t${entry.at}\t${entry.actor}\t${entry.action}\t${entry.target}\t${JSON.stringify(entry.details)}`,
      )
    if (answer.next) print(`… more: --before ${answer.next}`)
  },
}
