/**
 * The auth service (docs/adr/0018-auth-service.md) as a Fastify plugin under /auth, speaking
 * the protocol of docs/service-contracts.md#auth-protocol in the shapes of the Geins SDK's authServiceClient:
 *
 *   POST /auth/login {username}                      → {sign} (challenge, 5 min, single use)
 *   GET  /auth/sign/{apiKey}?identity={sign}         → {identity, signature, timestamp}
 *   POST /auth/login {username, signature, password, sessionLifetime?}
 *                                                    → {token, maxAge} + x-auth-refresh-token
 *   GET  /auth/login (x-auth-refresh-token)          → {token, maxAge} + the next refresh token
 *   POST /auth/register {username, signature, password, sessionLifetime?, mail?}
 *                                                    → like login; 409 for an existing e-mail
 *                                                      (with `mail`, either way a mail: ADR 0067)
 *   POST /auth/password {username, signature, password, newPassword}        → like login
 *   GET  /auth/logout (x-auth-refresh-token)         → 200, the session revoked
 *   GET  /auth/.well-known/jwks.json                 → the public keys
 *
 * `password` is always the client's digest (src/shared/password-digest.ts); only its scrypt
 * hash is stored (server/services/shared/password-hash.ts). Wrong credentials are one 401 for an
 * unknown user and a wrong password alike, after the same one hash. 10 failures per account or
 * client address in 15 minutes answer 429 with Retry-After (throttle.ts).
 *
 * Device tokens (devices.ts, ADR 0067): login, register and password answer with a new one in
 * x-auth-device-token; a login presenting a valid one for its account is not held by the
 * account's lockout (a stranger's wrong passwords cannot lock the owner out of a known device),
 * only by the address's limit and its own counter (5 failures revoke it).
 * Logout, a password change and a replayed refresh token also revoke the session's access
 * tokens (../shared/session-revocations.ts).
 */
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config'
import type { Database } from '../../db'
import { JWKS_PATH } from '../shared/auth-tokens'
import { PRIVATE_NO_STORE } from '../shared/cache-control'
import { passwordHasher as defaultHasher, type PasswordHasher } from '../shared/password-hash'
import { createAccounts } from './accounts'
import { createSigner, publishedKeys } from './keys'
import { registerAccountRoutes, registerLoginRoutes } from './routes'

export const AUTH_PREFIX = '/auth'

export interface AuthServiceOptions {
  database: Database
  config: Pick<Config, 'apiKey' | 'dataDir'>
  /** The slow hash; tests wrap it to count its runs. */
  passwordHasher?: PasswordHasher
  now?: () => Date
}

export default async function authService(app: FastifyInstance, options: AuthServiceOptions) {
  const { db } = options.database
  const hasher = options.passwordHasher ?? defaultHasher
  const now = options.now ?? (() => new Date())
  const signer = createSigner(db, options.config.dataDir)
  // The key exists and is published before the first request.
  await signer.current()

  const accounts = createAccounts(db, { hasher, signer, now })
  const deps = { db, apiKey: options.config.apiKey, hasher, now, accounts }

  await app.register(
    async (auth) => {
      auth.addHook('onSend', async (request, reply) => {
        if (!request.url.startsWith(`${AUTH_PREFIX}${JWKS_PATH}`))
          reply.header('cache-control', PRIVATE_NO_STORE)
      })

      auth.get(JWKS_PATH, async (_request, reply) => {
        return reply
          .header('cache-control', 'public, max-age=60')
          .send({ keys: await publishedKeys(db, now()) })
      })

      registerLoginRoutes(auth, deps)
      registerAccountRoutes(auth, deps)
    },
    { prefix: AUTH_PREFIX },
  )
}
