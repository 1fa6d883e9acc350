// docs/own-contracts.md, the app part: a contract of the user's own (examples/contracts/counter)
// on starknet-devnet, called from an app through a session of the wallet: the SDK headless (as the demo
// runs it, over the connector) against wallet-sim --node in front of devnet. The session is scoped to the
// counter's `increase`; the account is the real Argent 0.4.0, deployed by the paymaster on the first call.
import { WebWallet } from '@webwallet/shim'
import { type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Devnet } from '../support/devnet.ts'
import { headlessWalletOptions } from '../support/headless.ts'
import { Account, type Contract, num, RpcProvider } from '../support/starknet10.ts'
import { deployCounter, predeployedAccounts, succeeded } from './counter.ts'
import { freshDevnet } from './shared.ts'

const ARGENT_0_4_0 = '0x36078334509b514626504edc9fb252328d1a240e4e948bef8d0c08dff45927f'
const EMAIL = 'counter@example.com'

let devnet: Devnet
let sim: RunningSim
let provider: RpcProvider
let counter: Contract

beforeAll(async () => {
  devnet = await freshDevnet()
  provider = new RpcProvider({ nodeUrl: devnet.rpcUrl })
  const [owner] = await predeployedAccounts(devnet.rpcUrl)
  const account = new Account({ provider, address: owner!.address, signer: owner!.private_key })
  counter = await deployCounter(provider, account, 5)
  sim = await startSim({ node: devnet.rpcUrl, approve: 'auto', email: EMAIL })
})
afterAll(async () => {
  await sim?.close()
  await devnet?.stop()
})

it('a session scoped to the counter increases it through the real Argent account; other calls are refused', async () => {
  const wallet = WebWallet.init({
    appName: 'My game',
    sessionParams: { allowedMethods: [{ contract: counter.address, selector: 'increase' }], validityDays: 1 },
    ...headlessWalletOptions(sim),
  })
  const { account } = await wallet.requestConnection()
  const increase = (amount: number) => ({
    contractAddress: counter.address,
    entrypoint: 'increase',
    calldata: [String(amount)],
  })

  // The first call deploys the account through the paymaster on the way.
  await succeeded(provider, (await account.execute(increase(1))).transaction_hash)
  expect(num.toHex(await provider.getClassHashAt(account.address))).toBe(ARGENT_0_4_0)
  await succeeded(provider, (await account.execute(increase(2))).transaction_hash)
  expect(await counter.get()).toBe(8n)
  expect(num.toHex(await counter.last_caller())).toBe(num.toHex(account.address))

  // The contract's own refusal reaches the app, and a call outside the session never leaves the SDK.
  // (The fee estimate fails: JSON-RPC 41, with the account's and the contract's reasons in its data.)
  const refused = (await account.execute(increase(0)).catch((error: unknown) => error)) as {
    code?: string
    data?: { rpcCode?: number }
  }
  expect(refused).toMatchObject({ code: 'NODE_ERROR', data: { rpcCode: 41 } })
  expect(JSON.stringify(refused.data)).toContain("('amount is zero')")
  await expect(
    account.execute({ contractAddress: counter.address, entrypoint: 'last_caller', calldata: [] }),
  ).rejects.toMatchObject({ code: 'CALL_NOT_ALLOWED' })
  expect(await counter.get()).toBe(8n)
})
