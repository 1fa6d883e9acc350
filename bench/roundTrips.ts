// Round trips per execute, ours beside plain starknet.js, on one in-process wallet-sim: the SDK in Node over
// the WebSocket connector (approval mode `auto`), counted from the clients' fetch; then the time from the node
// accepting a transaction to the client holding its receipt, with the default wait and a 100 ms one.
// Prints one `BENCH_JSON {...}` line for scripts/bench.mjs.

import { STRK_ADDRESS } from '@webwallet/protocol'
import { WebWallet } from '@webwallet/shim'
import { startSim } from '@webwallet/wallet-sim'
import { Account, config, RpcProvider } from 'starknet'
import { headlessWalletOptions } from '../e2e/support/headless'
import { type Counts, countingFetch } from './counter'

// wallet-sim's counter: a session call that moves no funds (the cosigner co-signs a STRK transfer only to the
// paymaster, as its fee: the session keeps STRK `transfer` for the first execute's gasless deployment).
const COUNTER = '0x00c0ffee000000000000000000000000000000000000000000000000000c0de2'
const STRK = STRK_ADDRESS
const increment = { contractAddress: COUNTER, entrypoint: 'increment', calldata: [] }
const SAMPLES = 5
const EMAIL = 'bench@example.com'

const range = (values: number[]) => ({ min: Math.min(...values), max: Math.max(...values) })
/** Per-execute counts over the samples (min and max: a client's first call may cache what later ones reuse). */
const worst = (samples: Counts[]) => ({
  nodeRoundTrips: range(samples.map((s) => s.nodeRoundTrips)),
  nodeRequests: range(samples.map((s) => s.nodeRequests)),
  cosigner: range(samples.map((s) => s.cosigner)),
  paymaster: range(samples.map((s) => s.paymaster)),
  methods: samples.at(-1)?.methods ?? [],
  paths: samples.at(-1)?.paths ?? [],
})

// starknet.js warns on every fee estimate that the simulator's few blocks make a thin tip sample.
config.set('logLevel', 'ERROR')

await using sim = await startSim({ approve: 'auto', email: EMAIL, seed: 7 })
const sdkCounter = countingFetch()
const wallet = WebWallet.init({
  appName: 'bench',
  sessionParams: {
    allowedMethods: [
      { contract: COUNTER, selector: 'increment' },
      { contract: STRK, selector: 'transfer' },
    ],
    validityDays: 1,
  },
  ...headlessWalletOptions(sim),
  fetch: sdkCounter.fetch,
})

// No approval requests: the session is signed without deploying, so the first execute deploys too.
const { account } = await wallet.requestConnection()
if (await account.isDeployed()) throw new Error('bench: expected an undeployed account')
sdkCounter.take()
const first = await account.execute(increment)
const undeployed = sdkCounter.take()
await account.waitForTransaction(first.transaction_hash, { retryInterval: 10 })
if (!(await account.isDeployed())) throw new Error('bench: the first execute did not deploy the account')

const deployed: Counts[] = []
for (let i = 0; i < SAMPLES; i++) {
  sdkCounter.take()
  const { transaction_hash } = await account.execute(increment)
  deployed.push(sdkCounter.take())
  await account.waitForTransaction(transaction_hash, { retryInterval: 10 })
}

/** Milliseconds from execute resolving (the node accepted the transaction) to the receipt in hand. */
async function toReceipt(
  execute: () => Promise<{ transaction_hash: string }>,
  wait: (hash: string) => Promise<unknown>,
  take: () => Counts,
) {
  const { transaction_hash } = await execute()
  take()
  const start = performance.now()
  await wait(transaction_hash)
  return { ms: performance.now() - start, nodeRoundTrips: take().nodeRoundTrips }
}
const sdkWaitDefault = await toReceipt(
  () => account.execute(increment),
  (hash) => account.waitForTransaction(hash),
  sdkCounter.take,
)
const sdkWaitShort = await toReceipt(
  () => account.execute(increment),
  (hash) => account.waitForTransaction(hash, { retryInterval: 100 }),
  sdkCounter.take,
)

// Plain starknet.js v10 on a predeployed account of the same simulator.
const plainCounter = countingFetch()
const provider = new RpcProvider({ nodeUrl: sim.rpcUrl, baseFetch: plainCounter.fetch })
const predeployed = sim.accounts[0]!
const plain = new Account({ provider, address: predeployed.address, signer: predeployed.private_key })
const plainExecute: Counts[] = []
const plainExecuteAndWait: Counts[] = []
for (let i = 0; i < SAMPLES; i++) {
  plainCounter.take()
  const { transaction_hash } = await plain.execute(increment)
  const executeOnly = plainCounter.take()
  plainExecute.push(executeOnly)
  await provider.waitForTransaction(transaction_hash, { retryInterval: 10 })
  const waited = plainCounter.take()
  plainExecuteAndWait.push({
    ...executeOnly,
    nodeRoundTrips: executeOnly.nodeRoundTrips + waited.nodeRoundTrips,
    nodeRequests: executeOnly.nodeRequests + waited.nodeRequests,
  })
}
const plainWaitDefault = await toReceipt(
  () => plain.execute(increment),
  (hash) => provider.waitForTransaction(hash),
  plainCounter.take,
)
const plainWaitShort = await toReceipt(
  () => plain.execute(increment),
  (hash) => provider.waitForTransaction(hash, { retryInterval: 100 }),
  plainCounter.take,
)

const result = {
  sdk: {
    deployedExecute: worst(deployed),
    undeployedFirstExecute: worst([undeployed]),
    waitDefault: sdkWaitDefault,
    waitShort: sdkWaitShort,
  },
  starknetjs: {
    execute: worst(plainExecute),
    executeAndWait: worst(plainExecuteAndWait),
    waitDefault: plainWaitDefault,
    waitShort: plainWaitShort,
  },
  samples: SAMPLES,
}
console.log(`BENCH_JSON ${JSON.stringify(result)}`)
