/**
 * A market or language change is a new document: the router's basename and the server's boot
 * state (market, messages) both change. Kept in its own module so tests can observe it.
 */
export function leaveTo(url: string): void {
  window.location.assign(url)
}

/** The page's full path as the address bar has it, query and hash included. */
export function currentFullPath(): string {
  return window.location.pathname + window.location.search + window.location.hash
}
