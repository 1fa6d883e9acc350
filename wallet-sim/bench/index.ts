// wallet-sim benchmark: CLI ready time, then owner-signed and session-signed invokes per second over HTTP,
// sequential (the median of 3 timed passes) and from 32 concurrent senders, with p50/p99 latency. Transactions are signed before timing,
// so the numbers measure the node (hashing, signature checks, execution, blocks), not the client; every
// answer must be a transaction hash and every receipt SUCCEEDED, or the bench fails.
import { ETH_ADDRESS } from '../src/chain/contracts/index'
import { devnetAccountKeys } from '../src/chain/devnetKeys'
import { selectorOf } from '../src/chain/felt'
import { signedInvoke } from '../src/chain/testHelpers'
import { deploySessionSenders } from './argent'
import { assertSucceeded, line, percentile, type Run, submitAll, submitSequential } from './measure'
import { spawnSim, withRpc } from './sim'

const CONCURRENCY = 32
/** The sequential runs are timed in this many full passes; the median pass is reported. */
const PASSES = 3
const OWNER_SEQUENTIAL = 300
const OWNER_PER_SENDER = 25
const SESSION_SEQUENTIAL = 200
const SESSION_PER_SENDER = 25

const sim = await spawnSim(CONCURRENCY)
const ownerKeys = devnetAccountKeys(0, CONCURRENCY) // the dev accounts of --seed 0, as devnet derives them
const chainId = await withRpc(sim.url, async (rpc) => BigInt((await rpc('starknet_chainId', {})) as string))

/**
 * Pre-signed transactions of each sender: the sequential runs' single sender (PASSES passes of `sequential`
 * each, nonces in order), then the concurrent ones.
 */
const presign = (sequential: number, perSender: number, sign: (sender: number, nonce: number) => unknown) => {
  const start = performance.now()
  const seq = Array.from({ length: PASSES }, (_, pass) =>
    Array.from({ length: sequential }, (_, i) => sign(0, pass * sequential + i)),
  )
  const conc = Array.from({ length: CONCURRENCY }, (_, s) =>
    Array.from({ length: perSender }, (_, i) => sign(s, i + (s === 0 ? PASSES * sequential : 0))),
  )
  return { seq, conc, seconds: (performance.now() - start) / 1000 }
}

// Owner-signed: the predeployed dev accounts (one Stark key each) send ETH transfers.
const owner = presign(OWNER_SEQUENTIAL, OWNER_PER_SENDER, (sender, nonce) =>
  signedInvoke({
    sender: BigInt(sim.addresses[sender]!),
    privateKey: ownerKeys[sender]!,
    nonce: BigInt(nonce),
    calls: [{ to: ETH_ADDRESS, selector: selectorOf('transfer'), calldata: [0x1234n, 1n, 0n] }],
    chainId,
  }),
)
const ownerSeq = await submitSequential(sim.url, owner.seq)
const ownerConc = await submitAll(sim.url, owner.conc)

// Session-signed: Argent accounts deployed over RPC (nonce 0), each sending STRK transfers with its session.
const senders = await withRpc(sim.url, (rpc) => deploySessionSenders(rpc, CONCURRENCY))
const session = presign(SESSION_SEQUENTIAL, SESSION_PER_SENDER, (sender, nonce) =>
  senders[sender]!.sign(BigInt(nonce + 1)),
)
const sessionSeq = await submitSequential(sim.url, session.seq)
const sessionConc = await submitAll(sim.url, session.conc)

const runs = [ownerSeq, ownerConc, sessionSeq, sessionConc]
const hashes = runs.flatMap((run) => run.hashes)
await withRpc(sim.url, (rpc) => assertSucceeded(rpc, hashes))
sim.stop()

const firsts = (run: Run) =>
  `p50 ${percentile(run.first, 50).toFixed(1)} ms, max ${Math.max(...run.first).toFixed(1)} ms`
console.log(`wallet-sim bench (node ${process.version})`)
console.log(`  ready (spawn → first RPC answer): ${sim.readyMs.toFixed(1)} ms`)
console.log(line('owner-signed invokes, sequential:   ', ownerSeq))
console.log(line(`owner-signed invokes, ${CONCURRENCY} concurrent:`, ownerConc))
console.log(line('session-signed invokes, sequential:   ', sessionSeq))
console.log(line(`session-signed invokes, ${CONCURRENCY} concurrent:`, sessionConc))
console.log(`  (sequential: the median of ${PASSES} timed passes, tx/s and its p50/p99)`)
console.log(
  `  (first request per concurrent sender, left out of p50/p99: owner ${firsts(ownerConc)}; session ${firsts(sessionConc)})`,
)
console.log(
  `  (all ${hashes.length} receipts SUCCEEDED; pre-signing took owner ${owner.seconds.toFixed(1)} s, session ${session.seconds.toFixed(1)} s, untimed)`,
)
