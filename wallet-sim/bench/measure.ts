// Times the submission of pre-signed invokes over HTTP, one sender at a time or many at once, and checks
// afterwards that every one of them executed.
import { type Rpc, withRpc } from './sim'

/** Throughput and latency of one run; `first` holds each concurrent sender's first request, kept apart. */
export interface Run {
  readonly tps: number
  readonly latencies: number[]
  readonly first: number[]
  readonly hashes: string[]
}

const submit = async (rpc: Rpc, tx: unknown, latencies: number[], hashes: string[]) => {
  const start = performance.now()
  const result = (await rpc('starknet_addInvokeTransaction', { invoke_transaction: tx })) as {
    transaction_hash?: string
  }
  latencies.push(performance.now() - start)
  if (typeof result?.transaction_hash !== 'string')
    throw new Error(`no transaction hash: ${JSON.stringify(result)}`)
  hashes.push(result.transaction_hash)
}

/**
 * Sends each sender's transactions in order, all senders at once (one sender: sequential), over fresh
 * keep-alive connections to the simulator at `url`.
 * @example const run = await submitAll(sim.url, [txsOfSender0, txsOfSender1])
 */
export function submitAll(url: string, senders: readonly (readonly unknown[])[]): Promise<Run> {
  return withRpc(url, async (rpc) => {
    const latencies: number[] = []
    const first: number[] = []
    const hashes: string[] = []
    const start = performance.now()
    await Promise.all(
      senders.map(async (txs) => {
        for (const [i, tx] of txs.entries())
          await submit(rpc, tx, i === 0 && senders.length > 1 ? first : latencies, hashes)
      }),
    )
    return { tps: hashes.length / ((performance.now() - start) / 1000), latencies, first, hashes }
  })
}

/**
 * One sender's passes sent one after another (each pass its transactions in nonce order), each timed on its
 * own: answers the pass with the median throughput (a shared machine's noise moves a single pass by a third
 * either way), with every pass's hashes so that all of them are checked.
 * @example const run = await submitSequential(sim.url, [pass1, pass2, pass3])
 */
export async function submitSequential(url: string, passes: readonly (readonly unknown[])[]): Promise<Run> {
  const runs: Run[] = []
  for (const txs of passes) runs.push(await submitAll(url, [txs]))
  const median = [...runs].sort((a, b) => a.tps - b.tps)[Math.floor(runs.length / 2)]!
  return { ...median, hashes: runs.flatMap((run) => run.hashes) }
}

/**
 * Throws unless every transaction's receipt says SUCCEEDED (an accepted transaction may still revert).
 * @example await assertSucceeded(rpc, run.hashes)
 */
export async function assertSucceeded(rpc: Rpc, hashes: readonly string[]): Promise<void> {
  const queue = [...hashes]
  const worker = async () => {
    for (let hash = queue.pop(); hash; hash = queue.pop()) {
      const receipt = (await rpc('starknet_getTransactionReceipt', { transaction_hash: hash })) as {
        execution_status?: string
        revert_reason?: string
      }
      if (receipt.execution_status !== 'SUCCEEDED')
        throw new Error(`${hash} ${receipt.execution_status}: ${receipt.revert_reason ?? ''}`)
    }
  }
  await Promise.all(Array.from({ length: 8 }, worker))
}

/** The p-th percentile (nearest rank). */
export const percentile = (xs: readonly number[], p: number): number => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

/**
 * One result line: `<label>: X tx/s  p50 .. ms  p99 .. ms`, the format scripts/bench.mjs parses.
 * @example console.log(line('owner-signed invokes, sequential:   ', run))
 */
export const line = (label: string, run: Run): string =>
  `  ${label} ${run.tps.toFixed(1)} tx/s  p50 ${percentile(run.latencies, 50).toFixed(1)} ms  p99 ${percentile(run.latencies, 99).toFixed(1)} ms`
