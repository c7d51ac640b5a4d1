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

/** JSON text safe inside a <script> element whose content a JSON parser reads (JSON-LD). */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value ?? null).replace(UNSAFE, (char) => ESCAPES[char] ?? char)
}

/**
 * A JavaScript expression giving the value, for an executed inline script (the boot state).
 * The data goes through `JSON.parse` of a string literal rather than as an object literal: in an
 * object literal a key named `__proto__` would set the object's prototype instead of becoming a
 * property, and JSON.parse is also the faster way for V8 to read a large state.
 */
export function serializeForScriptExpression(value: unknown): string {
  return `JSON.parse(${serializeForScript(JSON.stringify(value ?? null))})`
}
