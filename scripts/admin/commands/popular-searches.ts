import { parseArgs } from 'node:util'
import type { AdminCommand } from './types'

interface PopularAnswer {
  language: string
  rules: { windowDays: number; minShoppers: number }
  popular: { phrase: string; shoppers: number }[]
  blocked: { term: string; blockedBy: string; blockedAt: string }[]
}

/**
 * `popular-searches [--language fi]` lists what the search field offers every visitor;
 * `--block <term>` / `--unblock <term>` keep a term out of it (ADR 0054).
 */
export const popularSearchesCommand: AdminCommand = {
  name: 'popular-searches',
  summary: 'list the popular searches of a language, or block / unblock a term in them',
  usage: '[--language fi|sv|nb|da] [--block <term> | --unblock <term>] [--json]',
  async run(args, call, print) {
    const { values } = parseArgs({
      args,
      options: {
        language: { type: 'string', default: 'fi' },
        block: { type: 'string' },
        unblock: { type: 'string' },
        json: { type: 'boolean', default: false },
      },
    })
    if (values.block !== undefined && values.unblock !== undefined)
      throw new Error('--block or --unblock, not both')
    if (values.block !== undefined) {
      const answer = await call<{ term: string }>('POST', '/search/blocked', { term: values.block })
      if (values.json) return print(JSON.stringify(answer, null, 2))
      return print(`Blocked "${answer.term}": no popular search holding it is shown.`)
    }
    if (values.unblock !== undefined) {
      const answer = await call<{ term: string }>(
        'DELETE',
        `/search/blocked/${encodeURIComponent(values.unblock)}`,
      )
      if (values.json) return print(JSON.stringify(answer, null, 2))
      return print(`Unblocked "${answer.term}".`)
    }
    const answer = await call<PopularAnswer>(
      'GET',
      `/search/popular?${new URLSearchParams({ language: values.language ?? 'fi' })}`,
    )
    if (values.json) return print(JSON.stringify(answer, null, 2))
    print(
      `Popular searches (${answer.language}): searched by at least ${answer.rules.minShoppers} shoppers in ${answer.rules.windowDays} days`,
    )
    if (answer.popular.length === 0) print('  (none yet)')
    for (const entry of answer.popular) print(`  ${entry.phrase}\t${entry.shoppers} shoppers`)
    if (answer.blocked.length > 0) {
      print('Blocked terms:')
      for (const entry of answer.blocked) print(`  ${entry.term}\tby ${entry.blockedBy}, ${entry.blockedAt}`)
    }
  },
}
