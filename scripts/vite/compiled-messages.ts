/**
 * `virtual:lumo-messages/{locale}`: a language's messages of locales/{locale}.json as ICU syntax
 * trees, compiled at build time. In the browser each language is its own small hashed chunk,
 * cached for a year and modulepreloaded by the page (server/ssr/assets.ts), instead of riding
 * inline in every page's boot state; react-intl formats the trees without its ICU parser.
 * The same module serves the server build, so no request parses messages either.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { parse } from '@formatjs/icu-messageformat-parser'
import type { Plugin } from 'vite'

const PREFIX = 'virtual:lumo-messages/'
const RESOLVED = `\0${PREFIX}`
const LOCALE = /^[a-z]{2}$/

/** Every message of a locale file parsed into its syntax tree, as a module's source. */
export function compiledMessagesModule(source: Record<string, string>): string {
  const compiled = Object.fromEntries(Object.entries(source).map(([id, text]) => [id, parse(text)]))
  // JSON.parse of a string literal: V8 reads it faster than the same object literal
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))})\n`
}

export function compiledMessages(localesDir = path.resolve(import.meta.dirname, '../../locales')): Plugin {
  return {
    name: 'lumo-compiled-messages',
    resolveId(id) {
      if (!id.startsWith(PREFIX)) return null
      const locale = id.slice(PREFIX.length)
      if (!LOCALE.test(locale)) throw new Error(`Unknown messages module ${id}`)
      return `${RESOLVED}${locale}`
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return null
      const file = path.join(localesDir, `${id.slice(RESOLVED.length)}.json`)
      this.addWatchFile(file)
      return compiledMessagesModule(JSON.parse(await readFile(file, 'utf8')) as Record<string, string>)
    },
  }
}
