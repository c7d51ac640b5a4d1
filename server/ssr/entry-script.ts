/**
 * The script that starts the app in the browser. It adds the entry module after the page's
 * first paint instead of naming it in a `<script type="module">` the preload scanner finds:
 * the entry is the page's largest download (about 125 KiB brotli), and fetched alongside the
 * document and the LCP image it shares a phone's bandwidth with them and runs before the first
 * frame. The route's own chunks and messages stay preloaded in the head, so hydration waits only
 * for the entry (ADR 0047).
 *
 * The entry's URL is the tag's `data-entry` attribute, where tools that list a page's scripts
 * (the benches, the tests) read it too. A page opened in a hidden tab paints nothing until it is
 * shown, and `requestAnimationFrame` does not run there: it loads the entry at once.
 */
import { escapeHtml } from '../../src/shared/html'

// `requestAnimationFrame` runs just before the next frame is painted; the timeout after it runs
// once that frame is out. The added script carries the page's nonce (CSP 'strict-dynamic' would
// trust it anyway, being added by a nonced script).
const LOAD_AFTER_FIRST_PAINT = [
  '(function(){',
  'var tag=document.currentScript;',
  'function load(){',
  'var script=document.createElement("script");',
  'script.type="module";',
  'script.src=tag.dataset.entry;',
  'script.nonce=tag.nonce;',
  'document.body.appendChild(script)',
  '}',
  'if(document.visibilityState==="hidden")load();',
  'else requestAnimationFrame(function(){setTimeout(load)})',
  '})()',
].join('')

export function entryScriptTag(nonce: string, entrySrc: string): string {
  return `<script nonce="${nonce}" data-entry="${escapeHtml(entrySrc)}">${LOAD_AFTER_FIRST_PAINT}</script>`
}
