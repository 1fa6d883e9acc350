// The same work on two chains in one run: the built-in chain (wallet-sim in process) and starknet-devnet-rs
// (the real Cairo node, e2e/support/devnet.ts), each from a predeployed account through starknet.js v10:
//   - submit: STRK transfers signed with an explicit nonce and fee bounds (no estimate, no tip lookup), sent
//     one after another: tx/s and per-submit latency (the node executes each before it answers);
//   - round trip: Account.execute (nonce, fee estimate, submit) then waitForTransaction (10 ms polls).
// Every transaction's receipt must say SUCCEEDED. Without the devnet binary, devnet is skipped (said in the
// JSON; scripts/bench.mjs prints the line). Prints one `BENCH_JSON {...}` line for scripts/bench.mjs.
//
// The session-execute round trip through wallet-sim (built-in chain beside `--node` devnet) is
// bench/sessionNode.ts.
import { STRK_ADDRESS } from '@webwallet/protocol'
import { startSim } from '@webwallet/wallet-sim'
import { Account, config, RpcProvider } from 'starknet'
import { DEVNET_VERSION, devnetMissing, findDevnet, startDevnet } from '../e2e/support/devnet'

const STRK = STRK_ADDRESS
const transfer = { contractAddress: STRK, entrypoint: 'transfer', calldata: ['0x1234', '1', '0'] }
const SUBMITS = 30
const ROUND_TRIPS = 10

interface Predeployed {
  address: string
  private_key: string
}
interface Chain {
  name: string
  rpcUrl: string
  close(): Promise<void>
}

config.set('logLevel', 'ERROR')

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

async function predeployed(rpcUrl: string): Promise<Predeployed> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'devnet_getPredeployedAccounts', params: [] }),
  })
  const [first] = ((await response.json()) as { result: Predeployed[] }).result
  if (!first) throw new Error(`${rpcUrl}: no predeployed account`)
  return first
}

async function measure(chain: Chain) {
  const provider = new RpcProvider({ nodeUrl: chain.rpcUrl })
  const dev = await predeployed(chain.rpcUrl)
  const account = new Account({ provider, address: dev.address, signer: dev.private_key })
  const succeeded = async (hash: string) => {
    const receipt = await provider.waitForTransaction(hash, { retryInterval: 10 })
    if (!receipt.isSuccess()) throw new Error(`${chain.name}: ${hash} did not succeed`)
  }

  // Warm-up (and the fee bounds the submits reuse, with room: the price does not move on either chain).
  const estimate = await account.estimateInvokeFee(transfer)
  await succeeded((await account.execute(transfer)).transaction_hash)

  const nonce = BigInt(await account.getNonce())
  const latencies: number[] = []
  const hashes: string[] = []
  const start = performance.now()
  for (let i = 0; i < SUBMITS; i++) {
    const t0 = performance.now()
    const { transaction_hash } = await account.execute(transfer, {
      nonce: nonce + BigInt(i),
      resourceBounds: estimate.resourceBounds,
      tip: 0,
    })
    latencies.push(performance.now() - t0)
    hashes.push(transaction_hash)
  }
  const tps = SUBMITS / ((performance.now() - start) / 1000)
  for (const hash of hashes) await succeeded(hash)

  const trips: number[] = []
  for (let i = 0; i < ROUND_TRIPS; i++) {
    const t0 = performance.now()
    const { transaction_hash } = await account.execute(transfer)
    await succeeded(transaction_hash)
    trips.push(performance.now() - t0)
  }
  return {
    submit: { count: SUBMITS, tps, p50: percentile(latencies, 50), p99: percentile(latencies, 99) },
    roundTrip: { count: ROUND_TRIPS, p50: percentile(trips, 50), p99: percentile(trips, 99) },
  }
}

const chains = {
  async builtIn(): Promise<Chain> {
    const sim = await startSim({ seed: 0 })
    return { name: 'built-in', rpcUrl: `${sim.url}/rpc`, close: () => sim.close() }
  },
  async devnet(): Promise<Chain> {
    const devnet = await startDevnet({ accounts: 1 })
    return { name: `starknet-devnet ${DEVNET_VERSION}`, rpcUrl: devnet.rpcUrl, close: () => devnet.stop() }
  },
}

async function run(start: () => Promise<Chain>) {
  const chain = await start()
  try {
    return await measure(chain)
  } finally {
    await chain.close()
  }
}

const builtIn = await run(chains.builtIn)
const binary = findDevnet()
const devnet = binary ? { binary, ...(await run(chains.devnet)) } : { skipped: devnetMissing().message }
console.log(`BENCH_JSON ${JSON.stringify({ builtIn, devnet })}`)
