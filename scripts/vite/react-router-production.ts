import type { Plugin } from 'vite'

/**
 * React Router 7's package exports name only its development files (remix-run/react-router#14753),
 * whose dev warnings stay on (ENABLE_DEV_WARNINGS) in a production bundle. The production browser
 * build takes the same-named production files instead; development and the server keep the export.
 */
export function reactRouterProductionInBrowser(): Plugin {
  let production = false
  return {
    name: 'lumo-react-router-production-in-browser',
    enforce: 'pre',
    configResolved(config) {
      production = config.isProduction
    },
    async resolveId(source, importer, options) {
      if (!production || options.ssr || source !== 'react-router') return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      if (!resolved || !resolved.id.includes('/react-router/dist/development/')) return resolved
      return {
        ...resolved,
        id: resolved.id.replace('/react-router/dist/development/', '/react-router/dist/production/'),
      }
    },
  }
}
