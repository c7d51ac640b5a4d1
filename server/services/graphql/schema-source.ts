/**
 * The commerce API's schema text: graphql/schema.graphql plus the `extend type …` files areas keep
 * in their own folders (server/services/graphql/<area>/*.graphql). The server, the code generator
 * (scripts/codegen.ts) and the operation tests read the schema through this one function.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const SCHEMA_FILE = path.resolve(here, '../../../graphql/schema.graphql')

export function loadSchemaSource(): string {
  const extensions: string[] = []
  for (const entry of readdirSync(here).sort()) {
    const folder = path.join(here, entry)
    if (!statSync(folder).isDirectory()) continue
    for (const file of readdirSync(folder).sort()) {
      if (file.endsWith('.graphql')) extensions.push(readFileSync(path.join(folder, file), 'utf8'))
    }
  }
  return [readFileSync(SCHEMA_FILE, 'utf8'), ...extensions].join('\n')
}
