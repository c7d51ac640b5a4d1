/** scripts/vite/compiled-messages.ts: a language's messages as ICU syntax trees. */
declare module 'virtual:lumo-messages/*' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
  const messages: Record<string, MessageFormatElement[]>
  export default messages
}
