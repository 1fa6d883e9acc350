// wallet-sim benchmark: CLI ready time, owner-signed invokes per second (sequential and 32
// concurrent senders) with p50/p99 latency. Transactions are signed before timing, so the numbers
// measure the node (hashing, signature checks, execution, blocks), not the client.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { ETH_ADDRESS } from '../src/chain/contracts/index'
import { selectorOf, shortString } from '../src/chain/felt'
import { devAccountKey } from '../src/chain/genesis'
import { signedInvoke } from '../src/chain/test-helpers'

const SEQUENTIAL = 300
const CONCURRENCY = 32
const PER_SENDER = 25
const bin = fileURLToPath(new URL('../bin/wallet-sim.js', import.meta.url))

const t0 = performance.now()
const child = spawn(
  process.execPath,
  [
    ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    bin,
    '--port',
    '0',
    '--accounts',
    String(CONCURRENCY),
  ],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
)
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
// Never leave the simulator running, whatever happens below.
process.once('exit', () => child.kill('SIGKILL'))
const rpc = async (method: string, params: unknown) => {
  const res = await fetch(`${url}/rpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await res.json()) as {
    result?: unknown
    error?: { code: number; message: string; data?: unknown }
  }
  if (body.error)
    throw new Error(`${method}: ${body.error.code} ${body.error.message} ${JSON.stringify(body.error.data)}`)
  return body.result
}
await rpc('starknet_chainId', {})
const readyMs = performance.now() - t0

const chainId = shortString('SN_SEPOLIA')
const recipient = 0x1234n
const sign = (sender: number, nonce: bigint) =>
  signedInvoke({
    sender: BigInt(addresses[sender]!),
    privateKey: devAccountKey(0, sender),
    nonce,
    calls: [{ to: ETH_ADDRESS, selector: selectorOf('transfer'), calldata: [recipient, 1n, 0n] }],
    chainId,
  })

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!
}
const send = async (tx: unknown, lat: number[]) => {
  const start = performance.now()
  await rpc('starknet_addInvokeTransaction', { invoke_transaction: tx })
  lat.push(performance.now() - start)
}

// Sequential: one sender, one request at a time.
const seqTxs = Array.from({ length: SEQUENTIAL }, (_, i) => sign(0, BigInt(i)))
const seqLat: number[] = []
let start = performance.now()
for (const tx of seqTxs) await send(tx, seqLat)
const seqTps = SEQUENTIAL / ((performance.now() - start) / 1000)

// Concurrent: 32 senders, each sending its own nonces in order.
const conc = Array.from({ length: CONCURRENCY }, (_, s) =>
  Array.from({ length: PER_SENDER }, (_, i) => sign(s, BigInt(i + (s === 0 ? SEQUENTIAL : 0)))),
)
const concLat: number[] = []
start = performance.now()
const firstLat: number[] = []
await Promise.all(
  conc.map(async (txs) => {
    for (const [i, tx] of txs.entries()) await send(tx, i === 0 ? firstLat : concLat)
  }),
)
const concTps = (CONCURRENCY * PER_SENDER) / ((performance.now() - start) / 1000)
child.kill('SIGTERM')

// Session-signed (Argent account, session token with allowed-method proofs, owner+guardian
// authorisation, session and guardian signatures): measured in-process on the node's core.
const { argentFixture, pay } = await import('../src/chain/contracts/argent/testing')
const f = argentFixture()
await f.deploy()
const SESSION_TXS = 100
const base = f.chain.base.getNonce(f.address)
const sessionTxs = Array.from({ length: SESSION_TXS }, (_, i) =>
  f.invokeJson([pay], (h) => f.sessionSignature([pay], h), base + BigInt(i)),
)
const sessionLat: number[] = []
start = performance.now()
for (const tx of sessionTxs) {
  const t = performance.now()
  f.chain.addTransaction(tx)
  sessionLat.push(performance.now() - t)
}
const sessionTps = SESSION_TXS / ((performance.now() - start) / 1000)

const fmt = (n: number) => n.toFixed(1)
console.log(`wallet-sim bench (node ${process.version})`)
console.log(`  ready (spawn → first RPC answer): ${fmt(readyMs)} ms`)
console.log(
  `  owner-signed invokes, sequential:    ${fmt(seqTps)} tx/s  p50 ${fmt(pct(seqLat, 50))} ms  p99 ${fmt(pct(seqLat, 99))} ms`,
)
console.log(
  `  owner-signed invokes, ${CONCURRENCY} concurrent: ${fmt(concTps)} tx/s  p50 ${fmt(pct(concLat, 50))} ms  p99 ${fmt(pct(concLat, 99))} ms`,
)
console.log(
  `  session-signed invokes (Argent, in-process): ${fmt(sessionTps)} tx/s  p50 ${fmt(pct(sessionLat, 50))} ms  p99 ${fmt(pct(sessionLat, 99))} ms`,
)
console.log(
  `  (first request per sender: p50 ${fmt(pct(firstLat, 50))} ms, max ${fmt(Math.max(...firstLat))} ms)`,
)
