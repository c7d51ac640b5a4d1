import type { TokenVerifier, VerifiedUser } from '../../services/shared/auth-tokens'
import { COOKIES, parseCookies } from '../../../src/shared/cookies'
import { isCustomerType } from '../../../src/shared/customer-types'
import type { SessionUser } from '../../../src/shared/session'

/** The public user of a verified token: what the page shows, and what SSR decides from. */
export function sessionUserOf(verified: VerifiedUser): SessionUser {
  return {
    id: verified.id,
    email: verified.email,
    customerType: isCustomerType(verified.customerType) ? verified.customerType : 'PERSON',
    memberType: verified.memberType || null,
    isMember: verified.memberId !== '',
  }
}

/** The verified user of the request's `lumo-auth` cookie, or null (no cookie, junk, expired). */
export async function verifiedSession(
  verifier: TokenVerifier,
  cookieHeader: string | undefined,
): Promise<{ token: string; user: VerifiedUser } | null> {
  const token = parseCookies(cookieHeader)[COOKIES.auth]
  if (!token) return null
  const user = await verifier.verify(token)
  return user ? { token, user } : null
}
