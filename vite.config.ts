import path from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { compiledMessages } from './scripts/vite/compiled-messages.ts'
import { reactRouterProductionInBrowser } from './scripts/vite/react-router-production.ts'

/**
 * The page gets its messages as ICU syntax trees (src/app/i18n.ts loadCompiledMessages), so the
 * browser bundle swaps react-intl's ICU parser for its no-parser build (~9 KB gzip less). The
 * server keeps the parser: it compiles the messages.
 */
function noIcuParserInBrowser(): Plugin {
  return {
    name: 'lumo-no-icu-parser-in-browser',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (source !== '@formatjs/icu-messageformat-parser' || options.ssr) return null
      return this.resolve('@formatjs/icu-messageformat-parser/no-parser.js', importer, { skipSelf: true })
    },
  }
}

/**
 * Every module the client entry imports statically (directly or through others) is needed on every
 * page before hydration: it goes into one `shell` chunk instead of the twenty small shared chunks
 * the default splitting makes of it, since each request costs a round trip on a phone's network.
 * What is only imported lazily keeps its own chunks.
 */
function shellChunk() {
  let shell: Set<string> | undefined
  return (id: string, ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null }) => {
    if (!shell) {
      shell = new Set()
      const entry = path.resolve(import.meta.dirname, 'src/entry-client.tsx')
      const queue = [entry]
      while (queue.length > 0) {
        const next = queue.pop()!
        if (shell.has(next)) continue
        shell.add(next)
        queue.push(...(ctx.getModuleInfo(next)?.importedIds ?? []))
      }
    }
    return shell.has(id) ? 'shell' : null
  }
}

// The client build writes a manifest so the server can link the entry, its imports and the
// current page's chunk (server/ssr/assets.ts). The SSR build is made by scripts/build.ts.
export default defineConfig({
  plugins: [react(), noIcuParserInBrowser(), reactRouterProductionInBrowser(), compiledMessages()],
  build: {
    manifest: true,
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      input: 'src/entry-client.tsx',
      output: { codeSplitting: { groups: [{ name: shellChunk(), debugName: 'shell' }] } },
    },
  },
})
