import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { ResolvedConfig } from 'vite'
import { reactRouterProductionInBrowser } from './react-router-production'

// where the package's export sends `react-router` (its development files)
const exported = fileURLToPath(import.meta.resolve('react-router'))

/** The plugin's answer for `source`, with the package export as the next resolver's answer. */
async function resolveWith(production: boolean, source: string, ssr: boolean) {
  const plugin = reactRouterProductionInBrowser()
  ;(plugin.configResolved as (config: Pick<ResolvedConfig, 'isProduction'>) => void)({
    isProduction: production,
  })
  const context = { resolve: () => Promise.resolve({ id: exported, external: false }) }
  const resolveId = plugin.resolveId as unknown as (
    this: typeof context,
    source: string,
    importer: string | undefined,
    options: { ssr?: boolean },
  ) => Promise<{ id: string } | null>
  return resolveId.call(context, source, '/src/entry-client.tsx', { ssr })
}

describe('React Router in the production browser build', () => {
  it('takes the production files of the installed package, whose dev warnings are off', async () => {
    expect(exported).toContain('/react-router/dist/development/')
    const resolved = await resolveWith(true, 'react-router', false)
    expect(resolved?.id).toContain('/react-router/dist/production/')
    expect(existsSync(resolved!.id)).toBe(true)
  })

  it('leaves development, the server build and other packages alone', async () => {
    expect(await resolveWith(false, 'react-router', false)).toBeNull()
    expect(await resolveWith(true, 'react-router', true)).toBeNull()
    expect(await resolveWith(true, 'react-redux', false)).toBeNull()
  })
})
