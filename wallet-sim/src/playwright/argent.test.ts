// invisible-sdk's dev-environment requests and the wallet-sim routes they are sent to: each target is a
// route the running simulator serves (not its 404), in the format the real service answers.
import { expect, it } from 'vitest'
import { ARGENT_DEV_HOSTS, argentTarget } from './argent'
import { walletControl } from './control'
import { launchWalletSim } from './launch'

const SIM = 'http://127.0.0.1:4100'
const target = (url: string) => argentTarget(new URL(url), SIM)

it('maps each dev-environment URL of invisible-sdk 1.0.0 to wallet-sim', () => {
  expect(target('http://localhost:3005/iframes/comms?x=1')).toBe(`${SIM}/iframes/comms?x=1`)
  expect(target(`${ARGENT_DEV_HOSTS.argentBaseUrl}/cosigner/signSession`)).toBe(`${SIM}/cosigner/signSession`)
  expect(target(`${ARGENT_DEV_HOSTS.argentBaseUrl}/cosigner/signSessionEFO`)).toBe(
    `${SIM}/cosigner/signSessionEFO`,
  )
  expect(target(ARGENT_DEV_HOSTS.testnetAllowList)).toBe(`${SIM}/allowlist/sepolia.json`)
  expect(target(ARGENT_DEV_HOSTS.mainnetAllowList)).toBe(`${SIM}/allowlist/mainnet.json`)
  expect(target('https://sepolia.api.avnu.fi/paymaster/v1/build-typed-data')).toBe(
    `${SIM}/paymaster/v1/build-typed-data`,
  )
  expect(target(ARGENT_DEV_HOSTS.node)).toBe(`${SIM}/rpc/v0_7`)
  // The backend: x-shared's balances of the gas-token route.
  expect(target(`${ARGENT_DEV_HOSTS.argentBaseUrl}/activity/starknet/sepolia/account/0x1/balance`)).toBe(
    `${SIM}/v1/activity/starknet/sepolia/account/0x1/balance`,
  )
})

it("answers undefined for Argent's hosts wallet-sim does not simulate, null for any other URL", () => {
  expect(target('https://api.hydrogen.argent47.net/v2/other')).toBeUndefined()
  expect(target('https://static.hydrogen.argent47.net/other.json')).toBeUndefined()
  expect(target('https://sepolia.api.avnu.fi/swap/v2/quotes')).toBeUndefined()
  expect(target('https://free-rpc.nethermind.io/mainnet-juno')).toBeUndefined()
  expect(target('http://localhost:5173/')).toBeNull()
  expect(target('https://example.com/cosigner/signSession')).toBeNull()
})

it('sends each to a route the simulator serves, in the real service format', async () => {
  await using sim = await launchWalletSim({ dappOrigins: ['http://localhost:5173'] })
  const at = (url: string) => argentTarget(new URL(url), sim.url) ?? ''
  // The allow-list: { allowedDapps: [host names] }, as starknetkit reads it.
  const list = await fetch(at(ARGENT_DEV_HOSTS.testnetAllowList)).then((r) => r.json())
  expect(list.allowedDapps).toContain('localhost')
  // The cosigner reads x-sessions' body: an empty one is its 400, not a missing route's 404.
  const cosigned = await fetch(at(`${ARGENT_DEV_HOSTS.argentBaseUrl}/cosigner/signSessionEFO`), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  expect(cosigned.status).toBe(400)
  // The backend's balances, in the shape x-shared reads (after its first `initialising` answer).
  const account = await walletControl(sim.url).address()
  const balanceUrl = at(
    `${ARGENT_DEV_HOSTS.argentBaseUrl}/activity/starknet/sepolia/account/${account}/balance`,
  )
  const read = () =>
    fetch(balanceUrl).then((r) => r.json() as Promise<{ status: string; balances: unknown[] }>)
  let balance = await read()
  if (balance.status === 'initialising') balance = await read()
  expect(balance.status).toBe('initialised')
  expect(balance.balances).toContainEqual({
    tokenAddress: expect.any(String),
    tokenBalance: expect.any(String),
  })
  // AVNU's paymaster API.
  const prices = await fetch(at('https://sepolia.api.avnu.fi/paymaster/v1/gas-token-prices'))
  expect(prices.status).toBe(200)
  expect(Array.isArray(await prices.json())).toBe(true)
})
