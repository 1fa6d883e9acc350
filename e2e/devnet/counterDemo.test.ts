// docs/own-contracts.md, in the browser: the demo app pointed at a contract of the user's own
// (`?contract=`, examples/contracts/counter on starknet-devnet) and at wallet-sim --node in front of that
// devnet. A new user logs in, signs a session that names the counter's `increase`, and one click increases
// it on chain, through the real Argent 0.4.0 account the paymaster deploys on the way.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { launchBrowser } from '../support/browser.ts'
import { connectNewUser, newEmail, openDemo } from '../support/demo.ts'
import type { Devnet } from '../support/devnet.ts'
import { type Stack, startStack } from '../support/stack.ts'
import { Account, type Contract, num, RpcProvider } from '../support/starknet10.ts'
import { deployCounter, predeployedAccounts } from './counter.ts'
import { freshDevnet } from './shared.ts'

let devnet: Devnet
let stack: Stack
let browser: Awaited<ReturnType<typeof launchBrowser>>
let counter: Contract

beforeAll(async () => {
  devnet = await freshDevnet()
  const provider = new RpcProvider({ nodeUrl: devnet.rpcUrl })
  const [owner] = await predeployedAccounts(devnet.rpcUrl)
  const account = new Account({ provider, address: owner!.address, signer: owner!.private_key })
  counter = await deployCounter(provider, account, 5)
  stack = await startStack({ node: devnet.rpcUrl })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await stack?.close()
  await devnet?.stop()
})

it('the demo, given ?contract=, scopes its session to the counter and increases it on devnet with one click', async () => {
  const demo = await openDemo(
    browser,
    { ...stack, demoUrl: `${stack.demoUrl}&contract=${counter.address}&amount=3` },
    { transport: 'iframe' },
  )
  await connectNewUser(demo, stack, newEmail('counter-demo'))
  await demo.page.getByTestId('contract-value').filter({ hasText: '5' }).waitFor()

  await demo.run('contract-increase')
  expect(await demo.error()).toBeUndefined()
  expect(await counter.get()).toBe(8n)
  expect(num.toHex(await counter.last_caller())).toBe(num.toHex(await demo.text('address')))
  expect(await demo.text('contract-value')).toBe('8')
})

it('the demo names a ?contract= or ?amount= it cannot use', async () => {
  for (const [query, message] of [
    ['contract=counter', '?contract= is not a contract address: counter'],
    [`contract=${counter.address}&amount=0`, '?amount= is not a positive integer: 0'],
  ]) {
    const demo = await openDemo(
      browser,
      { ...stack, demoUrl: `${stack.demoUrl}&${query}` },
      { transport: 'iframe' },
    )
    expect(await demo.error()).toBe(message)
    await demo.page.context().close()
  }
})
