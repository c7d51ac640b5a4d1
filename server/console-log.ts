/**
 * The render's console.warn/console.error (route loaders in src/ log that way, for the browser's
 * console too) as JSON log lines on the server: one line each, with the request's id when a
 * request is running, an Error inside the object (`err`), never raw multi-line text (issue 29).
 */
import { inspect } from 'node:util'
import type { FastifyBaseLogger } from 'fastify'
import { currentRequestId } from './services/shared/request-context'

type Level = 'warn' | 'error'

/** The pino call for one console call: the message from its text, the first Error as `err`. */
export function consoleLine(args: readonly unknown[]): { fields: Record<string, unknown>; msg: string } {
  const err = args.find((arg): arg is Error => arg instanceof Error)
  const text = args
    .filter((arg) => arg !== err)
    .map((arg) => (typeof arg === 'string' ? arg : inspect(arg, { breakLength: Infinity, depth: 3 })))
    .join(' ')
  const fields: Record<string, unknown> = {}
  if (err) fields.err = err
  const reqId = currentRequestId()
  if (reqId) fields.reqId = reqId
  return { fields, msg: text.replace(/\s*\n\s*/g, ' ') }
}

/** Sends console.warn and console.error to the log; returns the undo. */
export function routeConsoleToLog(log: FastifyBaseLogger): () => void {
  const original = { warn: console.warn, error: console.error }
  const to =
    (level: Level) =>
    (...args: unknown[]) => {
      const { fields, msg } = consoleLine(args)
      log[level](fields, msg)
    }
  console.warn = to('warn')
  console.error = to('error')
  return () => Object.assign(console, original)
}
