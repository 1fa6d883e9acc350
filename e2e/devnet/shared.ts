// One starknet-devnet for the project's files that need a fresh chain with the default options (--seed 0, ten
// accounts, the Argent classes predeclared; every block's state kept, devnet_dump on request): the global setup starts it once, and each file restarts it to its
// genesis. A debug build (scripts/devnet.mjs) spends 20-40 s of CPU at start on its genesis (the predeclared
// classes), about half of that on `devnet_restart`. The files that test devnet's own start or other options
// (compose's service, devApi's seed 42, a second one in harness) start their own.
import { inject } from 'vitest'
import type { Devnet } from '../support/devnet'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared devnet's http://127.0.0.1:PORT (e2e/devnet/setup.ts). */
    devnetUrl: string
    devnetPid: number
  }
}

/**
 * The shared devnet, restarted: the same chain a new `startDevnet()` gives (seed 0 accounts, block 0, the
 * clock now). `stop()` leaves it running for the next file; the global setup's teardown stops it.
 * @example
 * devnet = await freshDevnet()
 * const provider = new RpcProvider({ nodeUrl: devnet.rpcUrl })
 */
export async function freshDevnet(): Promise<Devnet> {
  const devnet = sharedDevnet()
  const response = await fetch(devnet.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'devnet_restart', params: {} }),
  })
  const body = (await response.json()) as { error?: { message: string } }
  if (body.error) throw new Error(`devnet_restart: ${body.error.message}`)
  return devnet
}

/**
 * The shared devnet as the last file left it, for reads only (its config, classes and predeployed accounts).
 * @example expect(sharedDevnet().url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
 */
export function sharedDevnet(): Devnet {
  const url = inject('devnetUrl')
  const stop = async () => {}
  return { url, rpcUrl: `${url}/rpc`, pid: inject('devnetPid'), stop, [Symbol.asyncDispose]: stop }
}
