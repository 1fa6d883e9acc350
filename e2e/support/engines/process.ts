// The helper processes of the engines (a browser, a WebDriver server, Xvfb): started with their output
// always drained (a full pipe would block them), its tail kept for error messages, and stopped by pid.
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'

const TAIL_CHARS = 4000

export interface Helper {
  readonly child: ChildProcess
  /** Resolves with the first match of `pattern` in the output; rejects if the process exits first or after `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>
  /** The last few thousand characters it printed (for error messages). */
  output(): string
  stop(): Promise<void>
}

/**
 * Starts `command`; `fd3` also pipes file descriptor 3 (Xvfb's -displayfd writes its display number there).
 * @example
 * const xvfb = startHelper('Xvfb', 'Xvfb', ['-displayfd', '3'], { fd3: true })
 * const [, display] = await xvfb.waitFor(/^(\d+)\n/m)
 */
export function startHelper(
  what: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; fd3?: boolean } = {},
): Helper {
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe', ...(options.fd3 ? (['pipe'] as const) : [])],
    env: options.env ?? process.env,
  })
  let output = ''
  const waiting = new Set<() => void>()
  const onData = (data: Buffer) => {
    output = (output + String(data)).slice(-TAIL_CHARS)
    for (const check of waiting) check()
  }
  for (const stream of [child.stdout, child.stderr, child.stdio[3]]) stream?.on('data', onData)
  const exited = new Promise<string>((resolve) => {
    child.once('error', (error) => resolve(`${what} could not be started: ${error.message}`))
    child.once('exit', (code, signal) => resolve(`${what} exited (${code ?? signal}):\n${output}`))
  })
  return {
    child,
    waitFor(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const fail = (message: string) => {
          waiting.delete(check)
          clearTimeout(timer)
          reject(new Error(message))
        }
        const timer = setTimeout(() => fail(`${what} not ready after ${timeoutMs} ms:\n${output}`), timeoutMs)
        const check = () => {
          const match = pattern.exec(output)
          if (!match) return
          waiting.delete(check)
          clearTimeout(timer)
          resolve(match)
        }
        waiting.add(check)
        check()
        void exited.then(fail)
      })
    },
    output: () => output,
    stop: () => stopProcess(child),
  }
}

/** Stops a process we started (never a process group: a pid of 0 would signal our own). */
function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !(child.pid && child.pid > 0))
    return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })
}

/** A TCP port free on 127.0.0.1 now (for a server that cannot pick its own). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}
