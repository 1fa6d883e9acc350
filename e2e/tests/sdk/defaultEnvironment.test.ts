// Issue 14: the default environment (sepolia) executes against a node of the RPC version the SDK speaks.
// wallet-sim stands in for every sepolia service (its chain is SN_SEPOLIA and its node speaks RPC 0.10);
// the node version check runs on the first call, as it does against the public node.
import { WebWallet } from '@webwallet/shim'
import { CONTRACTS, type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { headlessWalletOptions } from '../../support/headless'
import { logIn } from './login'

let sim: RunningSim
beforeAll(async () => {
  sim = await startSim({ seed: 14, approve: 'auto' })
})
afterAll(async () => {
  await sim?.close()
})

it('executes on the default environment (no `environment` option) against an RPC 0.10 node', async () => {
  const token = await logIn(sim, 'default-environment@example.com')
  const { environment: _dev, urls, ...rest } = headlessWalletOptions(sim, token)
  const wallet = WebWallet.init({
    appName: 'default-environment',
    sessionParams: { allowedMethods: [{ contract: CONTRACTS.counter, selector: 'increment' }] },
    urls: { ...urls, cosignerUrl: `${sim.url}/cosigner` },
    ...rest,
  })
  expect(wallet.environment.name).toBe('sepolia')
  expect(wallet.environment.providerDefaultUrl).toBe(sim.rpcUrl)
  const { account } = await wallet.requestConnection()
  const { transaction_hash } = await account.execute({
    contractAddress: CONTRACTS.counter,
    entrypoint: 'increment',
    calldata: [],
  })
  const receipt = await account.waitForTransaction(transaction_hash, { retryInterval: 50 })
  expect(receipt).toMatchObject({ execution_status: 'SUCCEEDED' })
})
