/**
 * Bearer tokens for integration tests.
 *
 * `tokenFor(app, userId)` signs a token the GraphQL service accepts today
 * (server/services/graphql/auth.ts: HS256 with config.sessionSecret, claims sub, email,
 * customerType, memberType, exp in one hour). It is the user API's stand-in until the auth
 * service lands: feat/auth replaces its body (a real login through the auth protocol, or a token
 * signed with the auth service's key) when it switches verification, and adds
 * `registerAndLogin(app, { email, password, rememberMe? })` beside it; both names stay exported.
 */
import { SignJWT } from 'jose'
import type { Config } from '../../../server/config'

export interface TokenClaims {
  email?: string
  customerType?: 'PERSON' | 'ORGANIZATION'
  memberType?: string
}

export async function tokenFor(
  app: { config: Pick<Config, 'sessionSecret'> },
  userId: string,
  claims: TokenClaims = {},
): Promise<string> {
  return new SignJWT({
    customerType: claims.customerType ?? 'PERSON',
    email: claims.email,
    memberType: claims.memberType,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(app.config.sessionSecret))
}
