import { describe, expect, it } from 'vitest'
import { consoleLine, routeConsoleToLog } from './console-log'
import { runInRequestContext } from './services/shared/request-context'

describe('consoleLine', () => {
  it('puts an Error into `err` and the text into one line', () => {
    const error = new Error('boom')
    const { fields, msg } = consoleLine(['Could not load the reviews', error])
    expect(fields.err).toBe(error)
    expect(msg).toBe('Could not load the reviews')
  })

  it('writes objects on the same line, never a multi-line dump', () => {
    const { fields, msg } = consoleLine(['status', { a: { b: [1, 2] } }, 'text\nwith a break'])
    expect(fields).toEqual({})
    expect(msg).not.toContain('\n')
    expect(msg).toBe('status { a: { b: [ 1, 2 ] } } text with a break')
  })

  it("carries the running request's id", () => {
    const { fields } = runInRequestContext({ requestId: 'req-1234abcd' }, () => consoleLine(['x']))
    expect(fields.reqId).toBe('req-1234abcd')
  })
})

describe('routeConsoleToLog', () => {
  it('sends console.warn and console.error to the logger and gives them back on undo', () => {
    const calls: [string, unknown, string][] = []
    const log = {
      warn: (fields: unknown, msg: string) => calls.push(['warn', fields, msg]),
      error: (fields: unknown, msg: string) => calls.push(['error', fields, msg]),
    }
    const before = console.error
    const undo = routeConsoleToLog(log as never)
    try {
      console.warn('careful')
      console.error('failed', new Error('e'))
    } finally {
      undo()
    }
    expect(console.error).toBe(before)
    expect(calls.map(([level, , msg]) => [level, msg])).toEqual([
      ['warn', 'careful'],
      ['error', 'failed'],
    ])
  })
})
