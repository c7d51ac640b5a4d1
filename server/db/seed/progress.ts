/**
 * The seed's progress: a bar redrawn in place on a terminal, plain lines (about every tenth)
 * anywhere else, so logs and CI output stay readable.
 */
export interface Progress {
  /** `done` of `total` units of the named step. */
  update(step: string, done: number, total: number): void
  /** A step finished (or a one-off message). */
  line(text: string): void
}

export interface ProgressOutput {
  isTTY?: boolean | undefined
  columns?: number | undefined
  write(text: string): unknown
}

const BAR_WIDTH = 30

export function progressBar(step: string, done: number, total: number): string {
  const share = total > 0 ? Math.min(1, done / total) : 1
  const filled = Math.round(share * BAR_WIDTH)
  const percent = String(Math.floor(share * 100)).padStart(3)
  return `${step} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${percent} % ${done}/${total}`
}

/** Progress on a stream: a bar on a TTY, else a line per tenth (and at the end). */
export function streamProgress(output: ProgressOutput): Progress {
  let barShown = false
  let lastTenth = new Map<string, number>()
  return {
    update(step, done, total) {
      if (output.isTTY) {
        output.write(`\r${progressBar(step, done, total)}`)
        barShown = true
        return
      }
      const tenth = total > 0 ? Math.floor((done / total) * 10) : 10
      if (tenth === lastTenth.get(step) && done < total) return
      lastTenth.set(step, tenth)
      output.write(`${step}: ${done}/${total}\n`)
    },
    line(text) {
      if (barShown) output.write('\n')
      barShown = false
      lastTenth = new Map()
      output.write(`${text}\n`)
    },
  }
}

/** Progress as log lines (the server's first-start seed logs through its logger). */
export function logProgress(log: (line: string) => void): Progress {
  return streamProgress({ isTTY: false, write: (text) => log(text.replace(/\n$/, '')) })
}
