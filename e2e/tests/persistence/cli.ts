// The real `wallet-sim` command line as a child process, for crash tests: start, kill -9, start again.
import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'

const BIN = join(import.meta.dirname, '..', '..', '..', 'wallet-sim', 'bin', 'wallet-sim.js')

export interface CliSim {
  readonly url: string
  readonly process: ChildProcess
  /** SIGKILL: no handler runs, nothing is flushed. Resolves once the process is gone. */
  kill9(): Promise<void>
  /** SIGTERM and wait for the exit (the CLI saves its state on the way out). */
  stop(): Promise<void>
}

/**
 * Spawns `node wallet-sim/bin/wallet-sim.js --port 0 --state FILE …`, reads the URL it prints and waits
 * until `/is_alive` answers.
 * @example
 * const sim = await startCli(['--state', file])
 * await sim.kill9()
 */
export async function startCli(args: readonly string[], deadlineMs = 30_000): Promise<CliSim> {
  const child = spawn(process.execPath, [BIN, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`wallet-sim did not start:\n${output}`)), deadlineMs)
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve(match[1])
      }
    }
    // Keep draining both pipes (login codes are logged) so the child never blocks on a full pipe.
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`wallet-sim exited with ${code}:\n${output}`))
    })
  })
  await pollUntil(deadlineMs, async () => (await fetch(`${url}/is_alive`)).ok)
  const signal = (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name)
    return exited
  }
  return { url, process: child, kill9: () => signal('SIGKILL'), stop: () => signal('SIGTERM') }
}

/** Polls `check` until it is true; throws after `deadlineMs`. Errors count as "not yet". */
export async function pollUntil(deadlineMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + deadlineMs
  for (;;) {
    if (await check().catch(() => false)) return
    if (Date.now() > deadline) throw new Error(`not ready after ${deadlineMs} ms`)
    await new Promise((resolve) => setImmediate(resolve))
  }
}
