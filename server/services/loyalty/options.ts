/** What the loyalty service is given (./index.ts registers its routes with it). */
import type { Config } from '../../config'
import type { Database } from '../../db'
import type { TokenVerifier } from '../shared/auth-tokens'
import type { RateLimiter } from '../shared/rate-limit'

export interface LoyaltyServiceOptions {
  database: Database
  config: Pick<
    Config,
    | 'services'
    | 'host'
    | 'port'
    | 'publicUrl'
    | 'originFromRequest'
    | 'urlMode'
    | 'marketDomains'
    | 'adminKey'
  >
  /** The process's abuse limiter (ADR 0024); in process by default. */
  limiter?: RateLimiter
  /** The app's token verifier (server/app.ts shares one); built from AUTH_URL when not given. */
  verifier?: Pick<TokenVerifier, 'verify'>
  fetch?: typeof fetch
}
