/** A category's alias from its list URL (`/c/{alias}`); null for any other URL. */
export function categoryAlias(url: string | null): string | null {
  return url?.startsWith('/c/') ? url.slice(3) : null
}
