import { ServerError } from '@apollo/client'
import { describe, expect, it } from 'vitest'
import { failureMessage, retryMinutes, TOO_MANY_ATTEMPTS_MESSAGE } from './too-many-attempts'

const limited = (retryAfter?: number) => ({
  errors: [
    {
      message: 'Too many requests',
      extensions: { code: 'TOO_MANY_REQUESTS', ...(retryAfter === undefined ? {} : { retryAfter }) },
    },
  ],
})

describe('failureMessage', () => {
  it('says how many minutes to wait for a GraphQL error of an abuse limit', () => {
    expect(failureMessage(limited(125), 'error.generic.text')).toEqual({
      id: TOO_MANY_ATTEMPTS_MESSAGE,
      values: { minutes: 3 },
    })
  })

  it('reads the 429 answer the Apollo link turns into a ServerError (body, else Retry-After)', () => {
    const response = new Response('', { status: 429, headers: { 'retry-after': '3600' } })
    const withBody = new ServerError('Response not successful: Received status code 429', {
      response,
      bodyText: JSON.stringify(limited(60)),
    })
    expect(failureMessage(withBody, 'x')).toEqual({ id: TOO_MANY_ATTEMPTS_MESSAGE, values: { minutes: 1 } })
    const headerOnly = new ServerError('Response not successful: Received status code 429', {
      response,
      bodyText: 'not json',
    })
    expect(failureMessage(headerOnly, 'x')).toEqual({
      id: TOO_MANY_ATTEMPTS_MESSAGE,
      values: { minutes: 60 },
    })
  })

  it('keeps the fallback for every other failure', () => {
    expect(failureMessage(new Error('network'), 'error.generic.text')).toEqual({ id: 'error.generic.text' })
    expect(
      failureMessage({ errors: [{ message: 'bad', extensions: { code: 'BAD_USER_INPUT' } }] }, 'fallback'),
    ).toEqual({ id: 'fallback' })
    const serverError = new ServerError('Response not successful: Received status code 502', {
      response: new Response('', { status: 502 }),
      bodyText: '',
    })
    expect(failureMessage(serverError, 'fallback')).toEqual({ id: 'fallback' })
  })
})

describe('retryMinutes', () => {
  it('rounds up to whole minutes, at least one, fifteen when unknown', () => {
    expect(retryMinutes(1)).toBe(1)
    expect(retryMinutes(61)).toBe(2)
    expect(retryMinutes(undefined)).toBe(15)
  })
})
