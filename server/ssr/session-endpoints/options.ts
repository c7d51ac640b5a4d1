/** What the session endpoints are given (server/ssr/session.ts registers them with it). */
import type { Config } from '../../config'
import type { TokenVerifier } from '../../services/shared/auth-tokens'
import type { RateLimiter } from '../../services/shared/rate-limit'

export interface SessionOptions {
  config: Pick<
    Config,
    'apiKey' | 'publicUrl' | 'services' | 'originFromRequest' | 'host' | 'port' | 'registrationsPerHour'
  >
  serviceFetch: typeof fetch
  verifier: TokenVerifier
  /** the registration limit's counters (the app's, in Redis when configured); in process by default */
  limiter?: RateLimiter
  /** how long one auth service call may take */
  upstreamTimeoutMs?: number
}
