// Gas and scope journeys: sponsored and token-paid gasless calls from an undeployed account, approval
// requests, a call outside the session, a cosigner failure recovered by the gasless retry, a paymaster 500.
import { CONTRACTS } from '@webwallet/wallet-sim'
import { hash as starknetHash, typedData } from 'starknet'
import { expect, test } from 'vitest'
import { connectNewUser, type Demo, newEmail, openDemo } from '../../support/demo'
import { useJourney } from '../../support/journey'

const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const COUNTER = CONTRACTS.counter

const journey = useJourney()

const call = async (contractAddress: string, entrypoint: string, calldata: string[]) =>
  journey.stack.rpc<string[]>('starknet_call', {
    request: { contract_address: contractAddress, entry_point_selector: selector(entrypoint), calldata },
    block_id: 'latest',
  })
const selector = (name: string) =>
  name === 'balance_of' ? BALANCE_OF : name === 'allowance' ? ALLOWANCE : name
// sn_keccak of the entry point names, as the node expects them.
const BALANCE_OF = '0x35a73cd311a05d46deda634c5ee045db92f811b4e74bca4437fcb5302b7af33'
const ALLOWANCE = '0x1e888a1026b19c8c0b57c72d63ed1737106aa10034105b980ba117bd0c29fe1'

const strkBalance = async (address: string) => BigInt((await call(STRK, 'balance_of', [address]))[0]!)
const isDeployed = async (address: string) =>
  journey.stack.rpc('starknet_getClassHashAt', { block_id: 'latest', contract_address: address }).then(
    () => true,
    () => false,
  )

const incrementOnce = (demo: Demo) => demo.run('increment')

test('a sponsored gasless call deploys the account and costs the user nothing', async () => {
  const demo = await openDemo(journey.browser, journey.stack, { transport: 'iframe', gas: 'sponsored' })
  await connectNewUser(demo, journey.stack, newEmail('sponsored'))
  const address = await demo.text('address')
  expect(await isDeployed(address)).toBe(false)
  const before = await strkBalance(address)

  await incrementOnce(demo)
  expect(await demo.error()).toBeUndefined()
  expect(await demo.text('counter')).toBe('1')
  expect(await isDeployed(address)).toBe(true)
  expect(await strkBalance(address)).toBe(before)
})

test('a gasless call paid in STRK deploys the account and takes the fee in STRK', async () => {
  const demo = await openDemo(journey.browser, journey.stack, { transport: 'iframe', gas: 'strk' })
  await connectNewUser(demo, journey.stack, newEmail('strk'))
  const address = await demo.text('address')
  const before = await strkBalance(address)

  await incrementOnce(demo)
  expect(await demo.error()).toBeUndefined()
  expect(await demo.text('counter')).toBe('1')
  expect(await isDeployed(address)).toBe(true)
  expect(await strkBalance(address)).toBeLessThan(before)
})

test('approval requests are signed with the session and land on chain', async () => {
  const demo = await openDemo(journey.browser, journey.stack, { transport: 'iframe', approval: true })
  await connectNewUser(demo, journey.stack, newEmail('approval'))
  const address = await demo.text('address')
  await demo.page.getByTestId('activity').getByText('approve 1 STRK').waitFor()
  const [low, high] = await call(STRK, 'allowance', [address, COUNTER])
  expect(BigInt(low!) + (BigInt(high!) << 128n)).toBe(10n ** 18n)
})

test('a cosigner failure is retried through the gasless paymaster route, which succeeds', async () => {
  // Paid by the account: session calls are co-signed by the cosigner (the gasless route uses signSessionEFO).
  const demo = await openDemo(journey.browser, journey.stack, { transport: 'iframe', gas: 'self' })
  await connectNewUser(demo, journey.stack, newEmail('retry'))
  await incrementOnce(demo) // deploys the account
  expect(await demo.text('counter')).toBe('1')

  await journey.stack.dev('/faults', {
    body: { route: '/cosigner/signSession', count: 1, status: 500, body: { status: 'unavailable' } },
  })
  await incrementOnce(demo)
  expect(await demo.error()).toBeUndefined()
  expect(await demo.text('counter')).toBe('2')
  // The fault was hit: the session signature failed and the retry went through the paymaster.
  expect(await journey.stack.dev<{ faults: unknown[] }>('/faults')).toEqual({ faults: [] })
})

test('a call outside the session is refused with a clear error and nothing is sent; a paymaster failure (500) reaches the app with the paymaster message', async () => {
  const demo = await openDemo(journey.browser, journey.stack, { transport: 'iframe', gas: 'sponsored' })
  await connectNewUser(demo, journey.stack, newEmail('pm500'))
  await demo.run('outside-session')
  expect(await demo.error()).toBe('Call not allowed by the session: approve')
  expect(await demo.page.getByTestId('activity').count()).toBe(0)

  await journey.stack.dev('/faults', {
    body: {
      route: '/paymaster/v1/execute',
      count: 1,
      status: 500,
      body: { messages: ['Paymaster is overloaded'] },
    },
  })
  await incrementOnce(demo)
  expect(await demo.error()).toBe('Paymaster is overloaded')
  expect(await demo.text('counter')).toBe('0')
})

test('the wallet signs a message after the user approves, and the account contract verifies it', async () => {
  const demo = await openDemo(journey.browser, journey.stack, { transport: 'popup' })
  await connectNewUser(demo, journey.stack, newEmail('sign'))
  const address = await demo.text('address')
  await demo.run('increment') // deploys the account, so the chain can be asked about the signature
  expect(await isDeployed(address)).toBe(true)
  await demo.click('sign-message')
  const wallet = await demo.wallet()
  await wallet.getByRole('button', { name: 'Sign' }).click()
  await demo.page.getByTestId('signature').waitFor()
  const signature = (await demo.text('signature')).split(', ')
  expect(signature.length).toBeGreaterThanOrEqual(2)

  // The demo's message, hashed as SNIP-12 revision 1 for this account, checked by the account itself.
  const hash = typedData.getMessageHash(GREETING, address)
  const [valid] = await journey.stack.rpc<string[]>('starknet_call', {
    request: {
      contract_address: address,
      entry_point_selector: starknetHash.getSelectorFromName('is_valid_signature'),
      calldata: [hash, String(signature.length), ...signature],
    },
    block_id: 'latest',
  })
  expect(BigInt(valid!)).toBe(0x56414c4944n)
})

/** The demo's sign-message payload (demo/src/panels/ActionsPanel.tsx). */
const GREETING = {
  domain: { name: 'webwallet demo', version: '1', chainId: 'SN_SEPOLIA', revision: '1' },
  primaryType: 'Greeting',
  types: {
    StarknetDomain: [
      { name: 'name', type: 'shortstring' },
      { name: 'version', type: 'shortstring' },
      { name: 'chainId', type: 'shortstring' },
      { name: 'revision', type: 'shortstring' },
    ],
    Greeting: [{ name: 'text', type: 'shortstring' }],
  },
  message: { text: 'hello from the demo' },
}
