import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { compiledMessages } from './scripts/vite/compiled-messages.ts'

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

// The client build writes a manifest so the server can link the entry, its imports and the
// current page's chunk (server/ssr/assets.ts). The SSR build is made by scripts/build.ts.
export default defineConfig({
  plugins: [react(), noIcuParserInBrowser(), compiledMessages()],
  build: {
    manifest: true,
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      input: 'src/entry-client.tsx',
    },
  },
})
