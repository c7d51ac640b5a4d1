/**
 * The auth service as the session endpoints call it: the shopper's address passed on, a deadline
 * on each call, and any failure to reach it one AuthUnavailableError (a 502 for the browser).
 */
import type { FastifyRequest } from 'fastify'
import { DEVICE_TOKEN_HEADER, REFRESH_TOKEN_HEADER } from '../../contracts/auth'
import type { SessionOptions } from './options'
import type { UserInput } from './bodies'

export type AuthCallResult =
  | { ok: true; token: string; maxAge: number; refreshToken: string; deviceToken: string | null }
  | { ok: false; status: number; retryAfter: string | null; message: string | null }

export class AuthUnavailableError extends Error {}

const UPDATE_USER = `mutation registerUser($user: UserInputType!) { updateUser(user: $user) { id } }`

export interface AuthClient {
  call(request: FastifyRequest, url: string, init: RequestInit): Promise<Response>
  /** The protocol's first two steps: a challenge for the user, signed with the API key. */
  signature(request: FastifyRequest, username: string): Promise<unknown>
  /** A token answer of the auth service (login, register, refresh, password). */
  tokenAnswer(response: Response): Promise<AuthCallResult>
  revoke(request: FastifyRequest, refreshToken: string | undefined): Promise<void>
  /** updateUser with the registration's profile; a failure is only logged (docs/product-rules.md#accounts-and-auth). */
  saveProfile(request: FastifyRequest, token: string, user: UserInput): Promise<void>
}

export function createAuthClient({
  config,
  serviceFetch,
  upstreamTimeoutMs = 15_000,
}: Pick<SessionOptions, 'config' | 'serviceFetch' | 'upstreamTimeoutMs'>): AuthClient {
  const authUrl = config.services.auth

  async function call(request: FastifyRequest, url: string, init: RequestInit): Promise<Response> {
    try {
      return await serviceFetch(url, {
        ...init,
        headers: {
          accept: 'application/json',
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          // the auth service limits failures per client address: the shopper's, not this
          // server's (it believes X-Forwarded-For from a caller on its own host, ADR 0018)
          'x-forwarded-for': request.ip,
          ...init.headers,
        },
        signal: AbortSignal.timeout(upstreamTimeoutMs),
      })
    } catch (error) {
      throw new AuthUnavailableError(error instanceof Error ? error.message : String(error))
    }
  }

  async function signature(request: FastifyRequest, username: string): Promise<unknown> {
    const challenge = await call(request, `${authUrl}/login`, {
      method: 'POST',
      body: JSON.stringify({ username }),
    })
    const { sign } = (await challenge.json().catch(() => ({}))) as { sign?: unknown }
    if (!challenge.ok || typeof sign !== 'string')
      throw new AuthUnavailableError(`challenge ${challenge.status}`)
    // docs/service-contracts.md#auth-protocol: the challenge is appended to the sign endpoint, which holds the API key
    const signUrl = `${config.services.sign}${encodeURIComponent(sign)}`
    const signed = await call(request, signUrl, { method: 'GET' })
    if (!signed.ok) throw new AuthUnavailableError(`sign ${signed.status}`)
    return signed.json()
  }

  async function tokenAnswer(response: Response): Promise<AuthCallResult> {
    const body = (await response.json().catch(() => ({}))) as {
      token?: unknown
      maxAge?: unknown
      message?: unknown
    }
    const refreshToken = response.headers.get(REFRESH_TOKEN_HEADER)
    const deviceToken = response.headers.get(DEVICE_TOKEN_HEADER)
    if (response.ok && typeof body.token === 'string' && typeof body.maxAge === 'number' && refreshToken)
      return { ok: true, token: body.token, maxAge: body.maxAge, refreshToken, deviceToken }
    if (response.ok) throw new AuthUnavailableError('token answer without token, maxAge or refresh token')
    return {
      ok: false,
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      message: typeof body.message === 'string' ? body.message : null,
    }
  }

  async function revoke(request: FastifyRequest, refreshToken: string | undefined) {
    if (!refreshToken) return
    await call(request, `${authUrl}/logout`, {
      method: 'GET',
      headers: { [REFRESH_TOKEN_HEADER]: refreshToken },
    })
  }

  async function saveProfile(request: FastifyRequest, token: string, user: UserInput) {
    try {
      const response = await serviceFetch(config.services.api, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'x-apikey': config.apiKey,
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify({ operationName: 'registerUser', query: UPDATE_USER, variables: { user } }),
        signal: AbortSignal.timeout(upstreamTimeoutMs),
      })
      const answer = (await response.json().catch(() => ({}))) as { errors?: unknown[] }
      if (!response.ok || answer.errors?.length)
        request.log.warn(
          { status: response.status, errors: answer.errors },
          'updateUser after register failed',
        )
    } catch (error) {
      request.log.warn({ err: error }, 'updateUser after register failed')
    }
  }

  return { call, signature, tokenAnswer, revoke, saveProfile }
}
