import { describe, expect, it } from 'vitest'
import { CircuitOpenError, createCircuitBreakers } from './circuit-breaker'

describe('circuit breakers', () => {
  const settings = { failureThreshold: 3, openMs: 1000 }

  it('opens after the threshold of failures in a row, and a success in between resets the count', () => {
    let clock = 0
    const breakers = createCircuitBreakers(settings, () => clock)
    breakers.enter('search').failure()
    breakers.enter('search').failure()
    breakers.enter('search').success()
    breakers.enter('search').failure()
    breakers.enter('search').failure()
    expect(breakers.state('search')).toBe('closed')
    breakers.enter('search').failure()
    expect(breakers.state('search')).toBe('open')
    expect(() => breakers.enter('search')).toThrow(CircuitOpenError)
    // other services are not affected
    expect(() => breakers.enter('loyalty').success()).not.toThrow()
    clock = 999
    expect(() => breakers.enter('search')).toThrow(/search is unavailable/)
  })

  it('lets one trial call through when the time is up: its success closes, its failure opens again', () => {
    let clock = 0
    const breakers = createCircuitBreakers(settings, () => clock)
    for (let i = 0; i < 3; i++) breakers.enter('likes').failure()
    clock = 1000
    expect(breakers.state('likes')).toBe('half-open')
    const trial = breakers.enter('likes')
    // while the trial runs, others still fail fast
    expect(() => breakers.enter('likes')).toThrow(CircuitOpenError)
    trial.failure()
    expect(breakers.state('likes')).toBe('open')
    clock = 2000
    breakers.enter('likes').success()
    expect(breakers.state('likes')).toBe('closed')
  })

  it('counts an outcome once however often it is reported', () => {
    const breakers = createCircuitBreakers(settings, () => 0)
    const call = breakers.enter('images')
    call.failure()
    call.failure()
    call.failure()
    expect(breakers.state('images')).toBe('closed')
  })

  it('counts a released call neither way, and a released trial lets the next call try', () => {
    let clock = 0
    const breakers = createCircuitBreakers(settings, () => clock)
    breakers.enter('graphql').failure()
    breakers.enter('graphql').failure()
    for (let i = 0; i < 10; i++) breakers.enter('graphql').release()
    expect(breakers.state('graphql')).toBe('closed')
    breakers.enter('graphql').failure()
    expect(breakers.state('graphql')).toBe('open')
    clock = 1000
    const trial = breakers.enter('graphql')
    expect(() => breakers.enter('graphql')).toThrow(CircuitOpenError)
    trial.release()
    // still half-open, not stuck: the next call is the trial, and its success closes
    expect(breakers.state('graphql')).toBe('half-open')
    breakers.enter('graphql').success()
    expect(breakers.state('graphql')).toBe('closed')
  })
})
