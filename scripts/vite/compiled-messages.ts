/**
 * `virtual:lumo-messages/{locale}`: a language's messages of locales/{locale}.json as ICU syntax
 * trees, compiled at build time so that no browser (and no request) parses them; react-intl
 * formats the trees without its ICU parser.
 * - Client build: the trees are a hashed JSON asset (`assets/messages-fi-{hash}.json`, cached for a
 *   year) and the module's default export is its URL: the page preloads it and the client
 *   fetches it before hydrating. Data, not script, so it neither runs nor counts as JavaScript.
 * - Server build and dev: the module's default export is the trees themselves; in the server
 *   build `url` names the client's asset, for the page's preload link.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { parse } from '@formatjs/icu-messageformat-parser'
import type { Plugin } from 'vite'

const PREFIX = 'virtual:lumo-messages/'
const RESOLVED = `\0${PREFIX}`
const LOCALE = /^[a-z]{2}$/

/** Every message of a locale file parsed into its syntax tree, as JSON. */
export function compileMessages(source: Record<string, string>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(source).map(([id, text]) => [id, parse(text)])))
}

/** The asset's path in the client build: named by its content, so it can be cached for a year. */
export function messagesAssetPath(locale: string, json: string): string {
  const hash = createHash('sha256').update(json).digest('base64url').slice(0, 10)
  return `assets/messages-${locale}-${hash}.json`
}

export function compiledMessages(localesDir = path.resolve(import.meta.dirname, '../../locales')): Plugin {
  let isBuild = false
  return {
    name: 'lumo-compiled-messages',
    configResolved(config) {
      isBuild = config.command === 'build'
    },
    resolveId(id) {
      if (!id.startsWith(PREFIX)) return null
      const locale = id.slice(PREFIX.length)
      if (!LOCALE.test(locale)) throw new Error(`Unknown messages module ${id}`)
      return `${RESOLVED}${locale}`
    },
    async load(id, options) {
      if (!id.startsWith(RESOLVED)) return null
      const locale = id.slice(RESOLVED.length)
      const file = path.join(localesDir, `${locale}.json`)
      this.addWatchFile(file)
      const json = compileMessages(JSON.parse(await readFile(file, 'utf8')) as Record<string, string>)
      const assetPath = messagesAssetPath(locale, json)
      if (isBuild && !options?.ssr) {
        this.emitFile({ type: 'asset', fileName: assetPath, source: json })
        return `export default ${JSON.stringify(`/${assetPath}`)}\n`
      }
      const url = isBuild ? `/${assetPath}` : null
      // JSON.parse of a string literal: V8 reads it faster than the same object literal
      return `export default JSON.parse(${JSON.stringify(json)})\nexport const url = ${JSON.stringify(url)}\n`
    },
  }
}
