/**
 * Where the app's JSON log lines go: stdout, in batches. Every request logs a line at `info` in
 * production (server/request-log.ts), and a synchronous write per line (pino's default on a pipe)
 * cost a fifth of the CPU of a page-cache hit under load (issue #9). Lines are joined and written at most every
 * `flushMs` or once `maxBytes` are waiting, and whatever waits is written when the process exits
 * (crash included); only a SIGKILL can lose the last `flushMs` of lines.
 */
export interface LogDestination {
  write(line: string): void
  /** Writes every waiting line now. */
  flushSync(): void
  /** Writes what waits and stops listening for the process's exit (the app closed). */
  close(): void
}

export interface LogDestinationOptions {
  /** Where a batch is written (stdout by default: synchronous for files and pipes on Linux). */
  out?: (text: string) => void
  maxBytes?: number
  flushMs?: number
  /** Registers the exit flush; tests pass false so they leave no listeners behind. */
  flushOnExit?: boolean
}

export function createLogDestination({
  out = (text) => process.stdout.write(text),
  maxBytes = 64 * 1024,
  flushMs = 100,
  flushOnExit = true,
}: LogDestinationOptions = {}): LogDestination {
  let waiting: string[] = []
  let bytes = 0
  let timer: NodeJS.Timeout | undefined

  const flushSync = () => {
    if (timer) clearTimeout(timer)
    timer = undefined
    if (waiting.length === 0) return
    const text = waiting.join('')
    waiting = []
    bytes = 0
    out(text)
  }
  if (flushOnExit) process.once('exit', flushSync)

  return {
    write(line) {
      waiting.push(line)
      bytes += line.length
      if (bytes >= maxBytes) flushSync()
      else timer ??= setTimeout(flushSync, flushMs).unref()
    },
    flushSync,
    close() {
      flushSync()
      process.removeListener('exit', flushSync)
    },
  }
}
