/** scripts/vite/compiled-messages.ts: a language's messages as ICU syntax trees. */
declare module 'virtual:lumo-messages/*' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
  /** The trees (server, dev) or the URL of their JSON asset (client build). */
  const messages: Record<string, MessageFormatElement[]> | string
  export default messages
  /** Server build: the URL of the client's JSON asset, for the page's preload link. */
  export const url: string | null | undefined
}
