/**
 * A circuit breaker per service (issue #15 item 4): after `failureThreshold` failures in a row
 * (no answer, a timeout, a 5xx) calls to that service fail at once for `openMs`, instead of each
 * waiting for its timeout while the service is down or hanging; then one call is let through
 * (half-open), and its success closes the circuit again. Callers treat the quick failure like
 * any other: the part of the page that needs the service is left out (spec: degrade, don't fail).
 */
export class CircuitOpenError extends Error {
  override name = 'CircuitOpenError'
  constructor(readonly service: string) {
    super(`${service} is unavailable (circuit open after repeated failures)`)
  }
}

export interface BreakerSettings {
  failureThreshold: number
  openMs: number
}

export const DEFAULT_BREAKER: BreakerSettings = { failureThreshold: 5, openMs: 30_000 }

interface Circuit {
  failures: number
  openUntil: number
  /** a half-open trial call is in flight: others still fail fast */
  trying: boolean
}

export interface CircuitBreakers {
  /**
   * Throws CircuitOpenError when the service's circuit is open; returns how to report the outcome:
   * `success`, `failure`, or `release` for an end that says nothing about the service (the caller
   * gave up): the count stays as it was, and
   * a half-open circuit lets the next call be its trial.
   */
  enter(service: string): { success(): void; failure(): void; release(): void }
  state(service: string): 'closed' | 'open' | 'half-open'
}

export function createCircuitBreakers(
  settings: BreakerSettings = DEFAULT_BREAKER,
  now: () => number = Date.now,
): CircuitBreakers {
  const circuits = new Map<string, Circuit>()
  const circuitOf = (service: string) => {
    let circuit = circuits.get(service)
    if (!circuit) circuits.set(service, (circuit = { failures: 0, openUntil: 0, trying: false }))
    return circuit
  }
  const state = (circuit: Circuit) =>
    circuit.failures < settings.failureThreshold ? 'closed' : now() < circuit.openUntil ? 'open' : 'half-open'

  return {
    state: (service) => state(circuitOf(service)),
    enter(service) {
      const circuit = circuitOf(service)
      const current = state(circuit)
      if (current === 'open' || (current === 'half-open' && circuit.trying))
        throw new CircuitOpenError(service)
      const trial = current === 'half-open'
      if (trial) circuit.trying = true
      let settled = false
      return {
        success() {
          if (settled) return
          settled = true
          circuit.failures = 0
          circuit.trying = false
        },
        failure() {
          if (settled) return
          settled = true
          circuit.trying = false
          circuit.failures = trial ? settings.failureThreshold : circuit.failures + 1
          if (circuit.failures >= settings.failureThreshold) circuit.openUntil = now() + settings.openMs
        },
        release() {
          if (settled) return
          settled = true
          if (trial) circuit.trying = false
        },
      }
    },
  }
}
