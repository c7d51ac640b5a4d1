/**
 * Sends a client error to the shop's error sink (docs/product-rules.md#errors-and-feedback, PUT /api/log-error). Best effort: a
 * failure to report is itself ignored, and keepalive lets a report leave with an unloading page.
 */
export interface ErrorReport {
  type: string
  message: string
  stack?: string
  component?: string
  info?: string
}

export function logClientError(report: ErrorReport): void {
  if (typeof window === 'undefined') return
  const body = JSON.stringify({ ...report, url: window.location.href, userAgent: navigator.userAgent })
  fetch('/api/log-error', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body,
    keepalive: true,
  }).catch(() => undefined)
}

export function reportError(type: string, error: unknown, extra: Partial<ErrorReport> = {}): void {
  const err = error instanceof Error ? error : new Error(String(error))
  logClientError({ type, message: err.message || 'Unknown error', stack: err.stack, ...extra })
}
