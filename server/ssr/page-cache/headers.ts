/** The page cache's own headers, and the ones a shared render's answer does not carry over. */

/** hit | stale | miss | bypass: how this response was made (for tests and operators). */
export const CACHE_STATE_HEADER = 'x-lumo-cache'
/** Set by a shared render for the cache; never sent to a browser. */
export const CACHE_TAGS_HEADER = 'x-lumo-cache-tags'
export const SHARED_RENDER_HEADER = 'x-lumo-shared-render'

/** Headers of a shared render that are not replayed: they are made per response. */
export const NOT_REPLAYED = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'cache-control',
  'content-security-policy',
  'vary',
  'set-cookie',
  CACHE_TAGS_HEADER,
  CACHE_STATE_HEADER,
])
