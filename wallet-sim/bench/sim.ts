// The benchmarked simulator: the CLI in a child process, and JSON-RPC clients for its `/rpc`.
import { spawn } from 'node:child_process'
import { Agent, request } from 'node:http'
import { fileURLToPath } from 'node:url'

const bin = fileURLToPath(new URL('../bin/wallet-sim.js', import.meta.url))

/** Calls one JSON-RPC method; throws on an error answer, so a rejected transaction never counts as done. */
export type Rpc = (method: string, params: unknown) => Promise<unknown>

/**
 * Runs `fn` with a JSON-RPC client on its own keep-alive connections, closed afterwards. One client per
 * phase: the bench blocks its event loop for seconds while it signs, and a pooled connection the simulator
 * closed meanwhile would fail the next request ("other side closed").
 * @example const chainId = await withRpc(url, (rpc) => rpc('starknet_chainId', {}))
 */
export async function withRpc<T>(url: string, fn: (rpc: Rpc) => Promise<T>): Promise<T> {
  const agent = new Agent({ keepAlive: true })
  const rpc: Rpc = (method, params) =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })
      const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
      const req = request(`${url}/rpc`, { method: 'POST', agent, headers }, (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          text += chunk
        })
        res.once('error', reject)
        res.once('end', () => {
          try {
            const answer = JSON.parse(text) as {
              result?: unknown
              error?: { code: number; message: string; data?: unknown }
            }
            const { error } = answer
            if (error)
              reject(new Error(`${method}: ${error.code} ${error.message} ${JSON.stringify(error.data)}`))
            else resolve(answer.result)
          } catch {
            reject(new Error(`${method}: HTTP ${res.statusCode} ${text.slice(0, 200)}`))
          }
        })
      })
      req.once('error', reject)
      req.end(body)
    })
  try {
    return await fn(rpc)
  } finally {
    agent.destroy()
  }
}

/** A spawned simulator. */
export interface SpawnedSim {
  readonly url: string
  /** The predeployed dev accounts' addresses, from the CLI's banner. */
  readonly addresses: readonly string[]
  /** Spawn → first RPC answer. */
  readonly readyMs: number
  stop(): void
}

/**
 * Spawns `wallet-sim --port 0 --accounts N` (with BENCH_NODE_ARGS, if set, before the script) and waits for
 * its first RPC answer; the child is killed when this process exits, whatever happens.
 * @example const sim = await spawnSim(32); await withRpc(sim.url, (rpc) => rpc('starknet_chainId', {})); sim.stop()
 */
export async function spawnSim(accounts: number): Promise<SpawnedSim> {
  const t0 = performance.now()
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []
  const child = spawn(process.execPath, [...nodeArgs, bin, '--port', '0', '--accounts', String(accounts)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  process.once('exit', () => child.kill('SIGKILL'))
  const { url, addresses } = await new Promise<{ url: string; addresses: string[] }>((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /listening on (http:\/\/\S+)/.exec(out)
      if (m && out.includes('Ready in'))
        resolve({ url: m[1]!, addresses: [...out.matchAll(/Address\s+(0x[0-9a-f]+)/g)].map((x) => x[1]!) })
    })
    child.once('exit', (code) => reject(new Error(`wallet-sim exited with ${code}`)))
  })
  await withRpc(url, (rpc) => rpc('starknet_chainId', {}))
  const readyMs = performance.now() - t0
  return { url, addresses, readyMs, stop: () => child.kill('SIGTERM') }
}
