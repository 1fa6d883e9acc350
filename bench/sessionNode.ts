// The session execute round trip through wallet-sim, on its built-in chain beside wallet-sim --node in front of
// starknet-devnet-rs (issue 18): the same SDK work on both — a session signed over the wallet's WebSocket, the
// account deployed by a first execute (paymaster), then SessionAccount.execute (cosigner co-signs, the node
// runs it) + waitForTransaction (10 ms polls), timed. The call is ETH `approve`, which both chains have.
// Without the devnet binary, devnet is skipped (said in the JSON). Prints one `BENCH_JSON {...}` line.
import { ETH_ADDRESS } from '@webwallet/protocol'
import { WebWallet } from '@webwallet/shim'
import { type RunningSim, startSim } from '@webwallet/wallet-sim'
import { DEVNET_VERSION, devnetMissing, findDevnet, startDevnet } from '../e2e/support/devnet'
import { headlessWalletOptions } from '../e2e/support/headless'

const ETH = ETH_ADDRESS
const approve = (amount: number) => ({
  contractAddress: ETH,
  entrypoint: 'approve',
  calldata: ['0x5e4de4', String(amount), '0'],
})
const SAMPLES = 10
const EMAIL = 'bench-session@example.com'

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

async function measure(sim: RunningSim) {
  const wallet = WebWallet.init({
    appName: 'bench-session',
    sessionParams: { allowedMethods: [{ contract: ETH, selector: 'approve' }], validityDays: 1 },
    ...headlessWalletOptions(sim),
  })
  const { account } = await wallet.requestConnection()
  const deploy = await account.execute(approve(1))
  await account.waitForTransaction(deploy.transaction_hash, { retryInterval: 10 })
  const trips: number[] = []
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now()
    const { transaction_hash } = await account.execute(approve(i + 2))
    const receipt = await account.waitForTransaction(transaction_hash, { retryInterval: 10 })
    if ((receipt as { execution_status?: string }).execution_status !== 'SUCCEEDED')
      throw new Error(`session execute ${transaction_hash} did not succeed`)
    trips.push(performance.now() - t0)
  }
  return { count: SAMPLES, p50: percentile(trips, 50), p99: percentile(trips, 99) }
}

const builtIn = await (async () => {
  await using sim = await startSim({ approve: 'auto', email: EMAIL })
  return await measure(sim)
})()
const devnet = findDevnet()
  ? await (async () => {
      await using node = await startDevnet({ accounts: 2 })
      await using sim = await startSim({ approve: 'auto', email: EMAIL, node: node.rpcUrl })
      return { version: DEVNET_VERSION, ...(await measure(sim)) }
    })()
  : { skipped: devnetMissing().message }
console.log(`BENCH_JSON ${JSON.stringify({ builtIn, devnet })}`)
