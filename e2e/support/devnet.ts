// starknet-devnet-rs as the real Starknet node in tests (issue 18): the real Cairo of the Argent account, the
// UDC and the fee tokens, behind JSON-RPC.
//
// Pinned: starknet-devnet 0.10.1 (`cargo install starknet-devnet --locked --version 0.10.1`, or
// `node scripts/devnet.mjs`). It serves JSON-RPC 0.10 (`starknet_specVersion` answers "0.10.2", on `/` and on
// `/rpc`; there are no versioned paths such as /rpc/v0_9). `--predeclare-argent` declares the Argent 0.4.0
// account class 0x036078334509b514626504edc9fb252328d1a240e4e948bef8d0c08dff45927f and multisig 0.2.0;
// `--seed 0` makes the predeployed accounts the same in every run.
import { type ChildProcess, spawn } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { homedir } from 'node:os'
import { delimiter, join } from 'node:path'
import { stripVTControlCharacters } from 'node:util'

export const DEVNET_VERSION = '0.10.1'
export const DEVNET_INSTALL = `cargo install starknet-devnet --locked --version ${DEVNET_VERSION}`

export interface Devnet extends AsyncDisposable {
  /** http://127.0.0.1:PORT */
  readonly url: string
  /** The JSON-RPC endpoint: url + '/rpc'. */
  readonly rpcUrl: string
  /** The process id (for tests that check it is gone). */
  readonly pid: number
  stop(): Promise<void>
}

export interface StartDevnetOptions {
  /** Seed of the predeployed accounts (default 0: the same accounts in every run). */
  seed?: number
  /** Number of predeployed accounts (devnet's default is 10). */
  accounts?: number
  /** More command-line options, e.g. ['--block-generation-on', 'demand']. */
  extraArgs?: string[]
}

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** The starknet-devnet binary: `STARKNET_DEVNET`, else `starknet-devnet` on PATH, else ~/.cargo/bin. */
export function findDevnet(): string | undefined {
  const fromEnv = process.env.STARKNET_DEVNET
  if (fromEnv) return executable(fromEnv) ? fromEnv : undefined
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && executable(join(dir, 'starknet-devnet'))) return join(dir, 'starknet-devnet')
  }
  const cargo = join(homedir(), '.cargo', 'bin', 'starknet-devnet')
  return executable(cargo) ? cargo : undefined
}

/** The error a test or benchmark shows when the binary is missing. */
export function devnetMissing(): Error {
  const env = process.env.STARKNET_DEVNET
  return new Error(
    `${env ? `STARKNET_DEVNET=${env} is not an executable` : 'starknet-devnet was not found on PATH nor in ~/.cargo/bin'}: ` +
      `install it with \`${DEVNET_INSTALL}\` (or \`node scripts/devnet.mjs\`; a release build takes ~1 hour on 2 cores), ` +
      'or set STARKNET_DEVNET to its path.',
  )
}

/**
 * Starts starknet-devnet on a free port (devnet picks it: `--port 0`, no race with other processes) with
 * `--predeclare-argent --seed 0`, and answers once it serves `starknet_specVersion`.
 * @example
 * await using devnet = await startDevnet({ accounts: 2 })
 * const provider = new RpcProvider({ nodeUrl: devnet.rpcUrl })
 */
export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const binary = findDevnet()
  if (!binary) throw devnetMissing()
  const args = [
    '--predeclare-argent',
    '--seed',
    String(options.seed ?? 0),
    '--host',
    '127.0.0.1',
    '--port',
    '0',
  ]
  if (options.accounts !== undefined) args.push('--accounts', String(options.accounts))
  args.push(...(options.extraArgs ?? []))

  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  const stop = once(() => kill(child))
  try {
    const port = await listeningPort(child)
    const url = `http://127.0.0.1:${port}`
    await specVersion(`${url}/rpc`)
    const pid = child.pid ?? 0
    return { url, rpcUrl: `${url}/rpc`, pid, stop, [Symbol.asyncDispose]: stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** Reads the port from devnet's "Starknet Devnet listening on 127.0.0.1:PORT" line. */
function listeningPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = ''
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on [^\s:]+:(\d+)/.exec(stripVTControlCharacters(output))
      if (!match) return
      cleanup()
      // Keep draining the pipes: a full pipe would block devnet's logging and so its answers.
      child.stdout?.resume()
      child.stderr?.resume()
      resolve(Number(match[1]))
    }
    const onExit = (code: number | null, signal: string | null) => {
      cleanup()
      reject(
        new Error(`starknet-devnet exited (${code ?? signal}) before listening:\n${output.slice(-2000)}`),
      )
    }
    const onError = (error: Error) => {
      cleanup()
      reject(error)
    }
    const cleanup = () => {
      child.stdout?.off('data', onData)
      child.stderr?.off('data', onData)
      child.off('exit', onExit)
      child.off('error', onError)
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', onExit)
    child.once('error', onError)
  })
}

/** Asks `starknet_specVersion` until devnet answers it (it logs "listening" just before it accepts). */
async function specVersion(rpcUrl: string): Promise<string> {
  const deadline = Date.now() + 30_000
  for (;;) {
    try {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'starknet_specVersion', params: [] }),
      })
      const body = (await response.json()) as { result?: string }
      if (typeof body.result === 'string') return body.result
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`starknet-devnet at ${rpcUrl} does not answer: ${error}`)
    }
    if (Date.now() > deadline)
      throw new Error(`starknet-devnet at ${rpcUrl} does not answer starknet_specVersion`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

function kill(child: ChildProcess): Promise<void> {
  const pid = child.pid
  // A child that never started has no pid: never signal 0 or a negative id (that is our own process group).
  if (!(typeof pid === 'number' && pid > 0) || child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve()
  }
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

function once(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined
  return () => {
    running ??= task()
    return running
  }
}
