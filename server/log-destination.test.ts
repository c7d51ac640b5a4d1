import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLogDestination } from './log-destination'

afterEach(() => {
  vi.useRealTimers()
})

describe('createLogDestination', () => {
  it('writes the lines of one moment as one batch, in order', () => {
    vi.useFakeTimers()
    const written: string[] = []
    const destination = createLogDestination({ out: (text) => written.push(text), flushOnExit: false })

    destination.write('{"a":1}\n')
    destination.write('{"a":2}\n')
    expect(written).toEqual([])

    vi.advanceTimersByTime(100)
    expect(written).toEqual(['{"a":1}\n{"a":2}\n'])
  })

  it('writes at once when enough is waiting, and whatever waits on flushSync', () => {
    vi.useFakeTimers()
    const written: string[] = []
    const destination = createLogDestination({
      out: (text) => written.push(text),
      maxBytes: 10,
      flushOnExit: false,
    })

    destination.write('12345\n')
    destination.write('67890\n')
    expect(written).toEqual(['12345\n67890\n'])

    destination.write('last\n')
    destination.flushSync()
    expect(written).toEqual(['12345\n67890\n', 'last\n'])
    vi.advanceTimersByTime(1000)
    expect(written).toHaveLength(2)
  })
})

describe('closing', () => {
  it('writes what waits and leaves no exit listener behind', () => {
    const listeners = process.listenerCount('exit')
    const written: string[] = []
    const destination = createLogDestination({ out: (text) => written.push(text) })
    expect(process.listenerCount('exit')).toBe(listeners + 1)

    destination.write('closing\n')
    destination.close()

    expect(written).toEqual(['closing\n'])
    expect(process.listenerCount('exit')).toBe(listeners)
  })
})
