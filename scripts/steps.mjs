// The steps of `npm test` (scripts/test.mjs): each a child process, timed for the summary that ends every run.
// Steps may run side by side in lanes (a lane runs its steps in order): one lane prints as it goes, the others'
// output is kept and printed whole, on lines of its own, when each of their steps ends. The first
// step that fails ends the run: its output is printed, the other lanes' running steps are stopped (their
// whole process group: browsers, devnet, servers), and the run exits with the step's code.
import { spawn } from 'node:child_process'

/**
 * @typedef {{ title: string, outcome: '✔' | '✖' | '⏹' | '⏭', seconds?: number, lane?: string }} Duration
 * @typedef {{ title: string, command: string, args: string[], env?: NodeJS.ProcessEnv }} Step
 */

/** A step's failure: the run ends with `status`. */
export class StepFailed extends Error {
  /** @param {string} title @param {number} status @param {string} reason */
  constructor(title, status, reason) {
    super(`${title} failed (${reason})`)
    this.title = title
    this.status = status
  }
}

/**
 * A runner of steps that records every step's time, and a summary printer.
 * @param {{ write?: (text: string) => void, now?: () => number }} [io]
 * @example
 * const run = createRunner()
 * await run.all([[step('tests', 'npx', ['vitest', 'run'])], [devnetStep]])
 * run.summary()
 */
export function createRunner(io = {}) {
  const write = io.write ?? ((text) => process.stdout.write(text))
  const now = io.now ?? Date.now
  const started = now()
  /** @type {Duration[]} */
  const durations = []
  /** @type {Set<import('node:child_process').ChildProcess>} */
  const running = new Set()
  let live = '' // the live lane's unfinished last line: a block is printed only at a line's end
  let failed = false

  const print = (text) => write(text.endsWith('\n') ? text : `${text}\n`)
  /** Prints a whole block between two lines of the live lane. */
  const block = (text) => {
    if (live) {
      write(live)
      live = ''
      write('\n')
    }
    print(text)
  }

  /**
   * Runs one step; `buffered` keeps its output until it ends; `nice` runs it at that lower CPU priority.
   * @param {Step} step @param {{ buffered?: boolean, lane?: string, nice?: number }} [options]
   * @returns {Promise<number>} its seconds
   */
  function runStep({ title, command, args, env = process.env }, { buffered = false, lane, nice } = {}) {
    if (failed) return Promise.reject(new StepFailed(title, 1, 'not started: another step failed'))
    const header = `\n▶ ${title}: ${command} ${args.join(' ')}`
    if (buffered) block(`${header} (${lane ?? 'beside'}: its output follows when it ends)`)
    else block(header)
    const begun = now()
    // Its own process group, so that stopping it stops what it started (browsers, devnet, servers).
    const [file, argv] = nice ? ['nice', ['-n', String(nice), command, ...args]] : [command, args]
    const child = spawn(file, argv, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    running.add(child)
    /** @type {string[]} */
    const kept = []
    const onData = (chunk) => {
      const text = chunk.toString()
      if (buffered) {
        kept.push(text)
        return
      }
      const lines = live + text
      const end = lines.lastIndexOf('\n')
      if (end === -1) live = lines
      else {
        write(lines.slice(0, end + 1))
        live = lines.slice(end + 1)
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    return new Promise((resolve, reject) => {
      const finish = (status, signal) => {
        running.delete(child)
        const seconds = (now() - begun) / 1000
        const ok = status === 0
        // A step stopped because another failed is marked ⏹, not ✖: it is not the cause.
        const outcome = ok ? '✔' : failed ? '⏹' : '✖'
        durations.push({ title, outcome, seconds, ...(lane ? { lane } : {}) })
        if (buffered) block(`\n── ${title} (${lane ?? 'beside'}) ──\n${kept.join('')}── end of ${title} ──`)
        else if (live) {
          write(`${live}\n`)
          live = ''
        }
        if (ok) {
          block(`✔ ${title} (${seconds.toFixed(1)}s)`)
          resolve(seconds)
          return
        }
        const reason = `exit ${status ?? signal}`
        const stopped = failed // stopped because another step failed: not the cause
        failed = true
        if (!stopped) block(`\n✖ ${title} failed after ${seconds.toFixed(1)}s (${reason}).`)
        reject(new StepFailed(title, status ?? 1, stopped ? 'stopped: another step failed' : reason))
      }
      // 'close' waits for the pipes, which a process the step left behind may hold open: its exit is enough
      // once the pipes had a moment to drain.
      let done = false
      const once = (status, signal) => {
        if (done) return
        done = true
        finish(status, signal)
      }
      child.once('close', once)
      child.once('error', (error) => {
        kept.push(String(error))
        once(null, error.message)
      })
      child.once('exit', (status, signal) => setTimeout(() => once(status, signal), 2_000))
    })
  }

  /** Stops every running step (its whole process group). */
  function stopAll() {
    failed = true
    for (const child of running) {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM')
      } catch {
        // already gone
      }
    }
  }

  return {
    durations,
    runStep,
    stopAll,
    /** Prints a line between the live lane's lines. @param {string} text */
    say: (text) => block(text),
    /** Records a step that did not run. @param {string} title */
    skipped: (title) => durations.push({ title, outcome: '⏭' }),
    /** Records a step that is not a process (a wait): its seconds, lane and outcome (default ✔). */
    record: (title, seconds, lane, outcome = '✔') =>
      durations.push({ title, outcome, seconds, ...(lane ? { lane } : {}) }),
    /**
     * Runs the lanes side by side (each a function running its steps in order); the first failure stops the
     * others and is thrown once they are gone.
     * @param {Array<() => Promise<unknown>>} lanes
     */
    async all(lanes) {
      let first
      const settled = lanes.map((lane) =>
        lane().catch((error) => {
          if (!first) {
            first = error
            stopAll()
          }
        }),
      )
      await Promise.all(settled)
      if (first) throw first
    },
    /** The summary: every step's outcome and seconds (its lane when it ran beside another), and the total. */
    summary() {
      if (!durations.length) return
      const width = Math.max(...durations.map((d) => d.title.length + (d.lane ? d.lane.length + 3 : 0)))
      const lines = ['\nSteps (seconds):']
      for (const { title, outcome, seconds, lane } of durations) {
        const name = lane ? `${title} [${lane}]` : title
        const time = seconds === undefined ? '' : seconds.toFixed(1).padStart(7)
        lines.push(`  ${outcome} ${name.padEnd(width)} ${time}`)
      }
      lines.push(`  total ${((now() - started) / 1000).toFixed(1)}s`)
      block(lines.join('\n'))
    },
  }
}
