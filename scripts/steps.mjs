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
 * @typedef {(text: string) => void} Write
 * @typedef {{ block: Write, stream: Write, endLine: () => void }} Output
 * @typedef {{ output: Output, now: () => number, durations: Duration[],
 *   running: Set<import('node:child_process').ChildProcess>, failed: boolean }} Runner
 */

/**
 * The run's output: the live lane's text as it comes, and whole blocks (other lanes' steps, headers, the
 * summary) printed only at the end of one of its lines.
 * @param {Write} write
 * @returns {Output}
 */
function createOutput(write) {
  let live = '' // the live lane's unfinished last line
  const endLine = () => {
    if (!live) return
    write(`${live}\n`)
    live = ''
  }
  return {
    /** Prints a whole block between two lines of the live lane. */
    block(text) {
      endLine()
      write(text.endsWith('\n') ? text : `${text}\n`)
    },
    /** Writes the live lane's text up to its last line's end, keeping the rest for later. */
    stream(text) {
      const lines = live + text
      const end = lines.lastIndexOf('\n')
      if (end === -1) live = lines
      else {
        write(lines.slice(0, end + 1))
        live = lines.slice(end + 1)
      }
    },
    endLine,
  }
}

/**
 * Calls `then` once when `child` is done: at 'close', or when it could not start. 'close' waits for the pipes,
 * which a process the step left behind may hold open: its exit is enough once the pipes had a moment to drain.
 * @param {import('node:child_process').ChildProcess} child @param {string[]} kept
 * @param {(status: number | null, signal: string | null) => void} then
 */
function onceDone(child, kept, then) {
  let done = false
  const once = (status, signal) => {
    if (done) return
    done = true
    then(status, signal)
  }
  child.once('close', once)
  child.once('error', (error) => {
    kept.push(String(error))
    once(null, error.message)
  })
  child.once('exit', (status, signal) => setTimeout(() => once(status, signal), 2_000))
}

/**
 * Records a step that ended and prints its end; answers its seconds, or throws its StepFailed.
 * @param {Runner} runner
 * @param {{ title: string, lane?: string, buffered: boolean, begun: number, kept: string[] }} step
 * @param {number | null} status @param {string | null} signal
 */
function stepEnded(runner, { title, lane, buffered, begun, kept }, status, signal) {
  const { output } = runner
  const seconds = (runner.now() - begun) / 1000
  const ok = status === 0
  // A step stopped because another failed is marked ⏹, not ✖: it is not the cause.
  const outcome = ok ? '✔' : runner.failed ? '⏹' : '✖'
  runner.durations.push({ title, outcome, seconds, ...(lane ? { lane } : {}) })
  if (buffered) output.block(`\n── ${title} (${lane ?? 'beside'}) ──\n${kept.join('')}── end of ${title} ──`)
  else output.endLine()
  if (ok) {
    output.block(`✔ ${title} (${seconds.toFixed(1)}s)`)
    return seconds
  }
  const reason = `exit ${status ?? signal}`
  const stopped = runner.failed // stopped because another step failed: not the cause
  runner.failed = true
  if (!stopped) output.block(`\n✖ ${title} failed after ${seconds.toFixed(1)}s (${reason}).`)
  throw new StepFailed(title, status ?? 1, stopped ? 'stopped: another step failed' : reason)
}

/**
 * Runs one step; `buffered` keeps its output until it ends; `nice` runs it at that lower CPU priority.
 * @param {Runner} runner
 * @param {Step} step @param {{ buffered?: boolean, lane?: string, nice?: number }} [options]
 * @returns {Promise<number>} its seconds
 */
function runStep(runner, { title, command, args, env = process.env }, { buffered = false, lane, nice } = {}) {
  if (runner.failed) return Promise.reject(new StepFailed(title, 1, 'not started: another step failed'))
  const header = `\n▶ ${title}: ${command} ${args.join(' ')}`
  runner.output.block(buffered ? `${header} (${lane ?? 'beside'}: its output follows when it ends)` : header)
  const begun = runner.now()
  // Its own process group, so that stopping it stops what it started (browsers, devnet, servers).
  const [file, argv] = nice ? ['nice', ['-n', String(nice), command, ...args]] : [command, args]
  const child = spawn(file, argv, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  runner.running.add(child)
  /** @type {string[]} */
  const kept = []
  const onData = (chunk) => (buffered ? kept.push(chunk.toString()) : runner.output.stream(chunk.toString()))
  child.stdout.on('data', onData)
  child.stderr.on('data', onData)
  return new Promise((resolve, reject) =>
    onceDone(child, kept, (status, signal) => {
      runner.running.delete(child)
      try {
        resolve(stepEnded(runner, { title, lane, buffered, begun, kept }, status, signal))
      } catch (error) {
        reject(error)
      }
    }),
  )
}

/** Stops every running step (its whole process group). @param {Runner} runner */
function stopAll(runner) {
  runner.failed = true
  for (const child of runner.running) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
}

/**
 * The summary: every step's outcome and seconds (its lane when it ran beside another), and the total.
 * @param {Duration[]} durations @param {number} totalSeconds
 */
function summaryOf(durations, totalSeconds) {
  const width = Math.max(...durations.map((d) => d.title.length + (d.lane ? d.lane.length + 3 : 0)))
  const lines = ['\nSteps (seconds):']
  for (const { title, outcome, seconds, lane } of durations) {
    const name = lane ? `${title} [${lane}]` : title
    const time = seconds === undefined ? '' : seconds.toFixed(1).padStart(7)
    lines.push(`  ${outcome} ${name.padEnd(width)} ${time}`)
  }
  lines.push(`  total ${totalSeconds.toFixed(1)}s`)
  return lines.join('\n')
}

/**
 * A runner of steps that records every step's time, and a summary printer.
 * @param {{ write?: Write, now?: () => number }} [io]
 * @example
 * const run = createRunner()
 * await run.all([[step('tests', 'npx', ['vitest', 'run'])], [devnetStep]])
 * run.summary()
 */
export function createRunner(io = {}) {
  const now = io.now ?? Date.now
  const started = now()
  /** @type {Runner} */
  const runner = {
    output: createOutput(io.write ?? ((text) => process.stdout.write(text))),
    now,
    durations: [],
    running: new Set(),
    failed: false,
  }
  const { durations } = runner
  return {
    durations,
    /** @param {Step} step @param {{ buffered?: boolean, lane?: string, nice?: number }} [options] */
    runStep: (step, options) => runStep(runner, step, options),
    stopAll: () => stopAll(runner),
    /** Prints a line between the live lane's lines. @param {string} text */
    say: (text) => runner.output.block(text),
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
            stopAll(runner)
          }
        }),
      )
      await Promise.all(settled)
      if (first) throw first
    },
    summary() {
      if (durations.length) runner.output.block(summaryOf(durations, (now() - started) / 1000))
    },
  }
}
