import type { FastifyReply } from 'fastify'
import type { LocaleCode } from '../../../../src/shared/markets'
import { BadRequest } from '../params'
import { text } from '../responses'

export class TooManyNotifications extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    locale: LocaleCode,
  ) {
    super(text(locale, 'error.tooManyNotifications'))
  }
}

/** The endpoint's body (204 when there is none), a 400 for a bad request, a 429 past the limit. */
export async function answer(reply: FastifyReply, run: () => Promise<unknown>) {
  try {
    const body = await run()
    if (body === undefined) return reply.code(204).header('cache-control', 'no-store').send()
    return reply.header('cache-control', 'private, no-store').send(body)
  } catch (error) {
    if (error instanceof TooManyNotifications) {
      return reply
        .code(429)
        .header('retry-after', String(error.retryAfterSeconds))
        .header('cache-control', 'no-store')
        .send({ message: error.message })
    }
    if (error instanceof BadRequest) {
      return reply.code(400).header('cache-control', 'no-store').send({ message: error.message })
    }
    throw error
  }
}
