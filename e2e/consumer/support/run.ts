// Child processes of the consumer suite: commands that must succeed (installs, builds) and servers that run
// until the test stops them (wallet-sim, vite preview, next start), each in its own process group so that
// stopping one also stops what npx started under it.
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { stripVTControlCharacters } from 'node:util'

/** One progress line per step, so a slow install or build shows where the time goes. */
export function progress(message: string): void {
  process.stderr.write(`[consumer] ${message}\n`)
}

/** Runs a command to completion; rejects with its output when it fails. */
export function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  const started = Date.now()
  progress(`${cwd.split('/').pop()}: ${command} ${args.join(' ')}`)
  return new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk
    })
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk
    })
    child.once('error', reject)
    child.once('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      if (code === 0) {
        progress(`  done in ${seconds}s`)
        resolve(output)
      } else
        reject(new Error(`${command} ${args.join(' ')} in ${cwd} failed (${code ?? signal}):\n${output}`))
    })
  })
}

export interface Server extends AsyncDisposable {
  readonly child: ChildProcess
  /** Everything the server printed so far. */
  output(): string
  stop(): Promise<void>
}

/**
 * Starts a long-running command and resolves once its output matches `ready` (the match is returned), or
 * rejects with the output when it exits first.
 */
export function serve(
  command: string,
  args: readonly string[],
  cwd: string,
  ready: RegExp,
  env: NodeJS.ProcessEnv = {},
): Promise<{ server: Server; match: RegExpMatchArray }> {
  progress(`${cwd.split('/').pop()}: starting ${command} ${args.join(' ')}`)
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  let exited = false
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()))
  const stop = async () => {
    if (!exited && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        // Already gone.
      }
    }
    await closed
  }
  const server: Server = { child, output: () => output, stop, [Symbol.asyncDispose]: stop }
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      // Vite and Next colour their URLs when CI is set, even into a pipe: match on the plain text.
      output += stripVTControlCharacters(chunk.toString())
      const match = output.match(ready)
      if (match) {
        child.stdout?.off('data', onData)
        child.stdout?.on('data', (more: Buffer) => {
          output += more
        })
        resolve({ server, match })
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk
    })
    child.once('exit', (code, signal) => {
      exited = true
      reject(
        new Error(`${command} ${args.join(' ')} exited (${code ?? signal}) before it was ready:\n${output}`),
      )
    })
  })
}

/** A port that was free a moment ago (for servers that cannot be given port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}
