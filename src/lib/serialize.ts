/**
 * JSON for an inline <script>: no string in the data can close the script element or start a
 * comment, and the line separators JavaScript once rejected in string literals are escaped too.
 */
const UNSAFE = /[<>&\u2028\u2029]/g
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
}

export function serializeForScript(value: unknown): string {
  return JSON.stringify(value ?? null).replace(UNSAFE, (char) => ESCAPES[char] ?? char)
}
