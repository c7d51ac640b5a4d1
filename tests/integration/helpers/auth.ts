/**
 * The auth protocol for integration tests, run for real through `app.inject` against an app
 * with the auth service (server/services/auth) registered: the three login steps, register,
 * refresh, password change and logout, and `registerAndLogin` for a test that just needs a
 * logged-in customer. `password` is the plain password: the helpers send its digest as the
 * storefront does (src/shared/password-digest.ts).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { decodeJwt } from 'jose'
import { passwordDigest } from '../../../src/shared/password-digest'

/** The API key of loadConfig's default; pass the app's own when its config sets API_KEY. */
export const DEFAULT_API_KEY = 'lumo-dev-storefront-key'
const REFRESH_HEADER = 'x-auth-refresh-token'
const DEVICE_HEADER = 'x-auth-device-token'

export interface AuthSignature {
  identity: string
  signature: string
  timestamp: string
}

export interface SessionTokens {
  token: string
  maxAge: number
  refreshToken: string
  userId: string
  /** the device token of a login, register or password answer (none on a refresh) */
  deviceToken: string | undefined
}

interface StepOptions {
  apiKey?: string
  /** The client address the request comes from (the per-address limit). */
  remoteAddress?: string
  /** X-Forwarded-For, as the storefront's session endpoint sends the shopper's address. */
  forwardedFor?: string
  /** The device token of an earlier login (x-auth-device-token), as a known device sends it. */
  deviceToken?: string
}

/** Step 1: the challenge for a username. */
export async function requestSign(app: FastifyInstance, username: string, options: StepOptions = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { username },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  })
  if (response.statusCode !== 200) throw new Error(`challenge: ${response.statusCode} ${response.body}`)
  return (response.json() as { sign: string }).sign
}

/** Step 2: the sign endpoint (API key in the path). */
export function signRequest(app: FastifyInstance, sign: string, apiKey = DEFAULT_API_KEY) {
  return app.inject({
    method: 'GET',
    url: `/auth/sign/${encodeURIComponent(apiKey)}?identity=${encodeURIComponent(sign)}`,
  })
}

/** Steps 1 and 2: a signature ready for login, register or password change. */
export async function signedChallenge(
  app: FastifyInstance,
  username: string,
  options: StepOptions = {},
): Promise<AuthSignature> {
  const response = await signRequest(app, await requestSign(app, username, options), options.apiKey)
  if (response.statusCode !== 200) throw new Error(`sign: ${response.statusCode} ${response.body}`)
  return response.json() as AuthSignature
}

/** A JSON POST to the auth service. */
export function postAuth(
  app: FastifyInstance,
  path: 'login' | 'register' | 'password',
  payload: Record<string, unknown>,
  options: {
    remoteAddress?: string
    forwardedFor?: string
    refreshToken?: string
    deviceToken?: string
  } = {},
) {
  const headers: Record<string, string> = {}
  if (options.refreshToken) headers[REFRESH_HEADER] = options.refreshToken
  if (options.deviceToken) headers[DEVICE_HEADER] = options.deviceToken
  if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor
  return app.inject({
    method: 'POST',
    url: `/auth/${path}`,
    payload,
    headers,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  })
}

/** The tokens of a 200 answer of login, register, refresh or password (throws otherwise). */
export function sessionTokens(response: LightMyRequestResponse): SessionTokens {
  if (response.statusCode !== 200) throw new Error(`auth: ${response.statusCode} ${response.body}`)
  const { token, maxAge } = response.json() as { token: string; maxAge: number }
  const refreshToken = response.headers[REFRESH_HEADER]
  if (typeof refreshToken !== 'string') throw new Error(`auth: no ${REFRESH_HEADER} header`)
  const userId = decodeJwt(token).sub
  if (!userId) throw new Error('auth: the token has no sub')
  const deviceToken = response.headers[DEVICE_HEADER]
  return {
    token,
    maxAge,
    refreshToken,
    userId,
    deviceToken: typeof deviceToken === 'string' ? deviceToken : undefined,
  }
}

export interface Credentials extends StepOptions {
  email: string
  password: string
  /** false sends sessionLifetime 30 as the storefront does without "remember me" */
  rememberMe?: boolean
}

function lifetime(rememberMe: boolean | undefined) {
  return rememberMe === false ? { sessionLifetime: 30 } : {}
}

/** The whole login: challenge, sign, login. Answers the raw login response. */
export async function loginRequest(app: FastifyInstance, credentials: Credentials) {
  const signature = await signedChallenge(app, credentials.email, credentials)
  return postAuth(
    app,
    'login',
    {
      username: credentials.email,
      signature,
      password: await passwordDigest(credentials.password),
      ...lifetime(credentials.rememberMe),
    },
    credentials,
  )
}

export async function login(app: FastifyInstance, credentials: Credentials): Promise<SessionTokens> {
  return sessionTokens(await loginRequest(app, credentials))
}

export async function registerRequest(app: FastifyInstance, credentials: Credentials) {
  const signature = await signedChallenge(app, credentials.email, credentials)
  return postAuth(app, 'register', {
    username: credentials.email,
    signature,
    password: await passwordDigest(credentials.password),
    ...lifetime(credentials.rememberMe),
  })
}

/** A new customer, registered and then logged in through the real protocol. */
export async function registerAndLogin(
  app: FastifyInstance,
  credentials: Credentials,
): Promise<SessionTokens> {
  sessionTokens(await registerRequest(app, credentials))
  return login(app, credentials)
}

/** GET /auth/login with the refresh token. */
export function refreshRequest(app: FastifyInstance, refreshToken: string) {
  return app.inject({ method: 'GET', url: '/auth/login', headers: { [REFRESH_HEADER]: refreshToken } })
}

export function logoutRequest(app: FastifyInstance, refreshToken?: string) {
  return app.inject({
    method: 'GET',
    url: '/auth/logout',
    ...(refreshToken ? { headers: { [REFRESH_HEADER]: refreshToken } } : {}),
  })
}

export async function changePasswordRequest(
  app: FastifyInstance,
  credentials: Credentials & { newPassword: string; refreshToken?: string },
) {
  const signature = await signedChallenge(app, credentials.email, credentials)
  return postAuth(
    app,
    'password',
    {
      username: credentials.email,
      signature,
      password: await passwordDigest(credentials.password),
      newPassword: await passwordDigest(credentials.newPassword),
    },
    credentials,
  )
}

/**
 * A shopper registered and logged in through the storefront's session endpoints, as the register
 * form does (ADR 0067): POST /api/session/register answers 202 alike for every e-mail, then the
 * login with the same body sets the session cookies. Answers the login's response.
 */
export async function registerAndLogInThroughShop(
  app: FastifyInstance,
  options: { headers?: Record<string, string>; payload: Record<string, unknown>; remoteAddress?: string },
): Promise<LightMyRequestResponse> {
  const registered = await app.inject({ ...options, method: 'POST', url: '/api/session/register' })
  if (registered.statusCode !== 202) throw new Error(`register: ${registered.statusCode} ${registered.body}`)
  return app.inject({ ...options, method: 'POST', url: '/api/session/login' })
}
