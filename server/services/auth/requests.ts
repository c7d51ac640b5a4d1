/** The auth endpoints' input (bodies and headers) and their one failure answer. */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { DEVICE_TOKEN_HEADER, REFRESH_TOKEN_HEADER } from '../../contracts/auth'
import { RegistrationMail } from './registration-mail'
import { MAX_SESSION_LIFETIME_MINUTES } from './tokens'

const Username = z
  .string({ error: 'username is required' })
  .trim()
  .toLowerCase()
  .min(3, 'username is too short')
  .max(254, 'username is too long')
const Digest = z
  .string({ error: 'password is required' })
  .regex(/^[A-Za-z0-9+/]{64}$/, 'password must be the client digest (base64 of SHA-384)')
const Signature = z.object(
  {
    identity: z.string().min(1).max(200),
    signature: z.string().min(1).max(200),
    timestamp: z.string().min(1).max(64),
  },
  { error: 'signature is required' },
)
const SessionLifetime = z
  .number({ error: 'sessionLifetime must be a number of minutes' })
  .int('sessionLifetime must be whole minutes')
  .min(1, 'sessionLifetime must be at least 1 minute')
  .max(
    MAX_SESSION_LIFETIME_MINUTES,
    `sessionLifetime must be at most ${MAX_SESSION_LIFETIME_MINUTES} minutes`,
  )
  .nullish()

export const ChallengeBody = z.object({ username: Username })
export const LoginBody = z.object({
  username: Username,
  signature: Signature,
  password: Digest,
  sessionLifetime: SessionLifetime,
})
export const RegisterBody = LoginBody.extend({
  username: z.email('username must be an e-mail address').pipe(Username),
  mail: RegistrationMail.optional(),
})
export const PasswordBody = LoginBody.extend({ newPassword: Digest })

export type Failure = { status: 400 | 401 | 409 | 429; message: string; retryAfter?: number }

export function parse<T>(schema: z.ZodType<T>, body: unknown): T | Failure {
  const parsed = schema.safeParse(body ?? {})
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  return { status: 400, message: issue?.message ?? 'invalid request' }
}

export function isFailure(value: unknown): value is Failure {
  return typeof value === 'object' && value !== null && 'status' in value && 'message' in value
}

export function fail(reply: FastifyReply, failure: Failure) {
  if (failure.retryAfter !== undefined) reply.header('retry-after', String(failure.retryAfter))
  return reply.code(failure.status).send({ message: failure.message })
}

export function deviceTokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers[DEVICE_TOKEN_HEADER]
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined
}

export function refreshTokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers[REFRESH_TOKEN_HEADER]
  const token = (Array.isArray(value) ? value[0] : value)?.trim()
  return token && token.length <= 200 ? token : undefined
}

export const USER_COLUMNS = [
  'user_id',
  'email',
  'customer_type',
  'member_type',
  'member_id',
  'password_hash',
] as const
