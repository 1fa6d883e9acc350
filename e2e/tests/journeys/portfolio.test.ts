// The portfolio panel: balances from the chain (through the backend, polled while it initialises), no DeFi
// positions or airdrops for a new user until the "sample" button sets them up through wallet-sim's dev API
// (then every product type), and the Starknet ID profile read from the naming contracts — empty for a new
// user, then showing the name the user registers through wallet-sim's dev API.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { launchBrowser } from '../../support/browser'
import { connectNewUser, type Demo, newEmail, openDemo } from '../../support/demo'
import { type Stack, startStack } from '../../support/stack'

// Shared, and closed after the test: a failing test keeps its trace and screenshot (see support/demo.ts).
let stack: Stack
let browser: Awaited<ReturnType<typeof launchBrowser>>
beforeAll(async () => {
  // One `initialising` answer first: the SDK polls again after 5 s (docs/protocol.md, Constants: 5 retries, 5000 ms).
  stack = await startStack({ initialisingPolls: 1 })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await stack?.close()
})

/** A new user sees balances and no DeFi positions or airdrops, then the sample ones once added. */
async function seesPortfolio(demo: Demo) {
  await demo.run('portfolio-load')
  expect(await demo.error()).toBeUndefined()

  const balances = await demo.page.getByTestId('balance').allTextContents()
  // Token, balance, and its value at wallet-sim's backend prices.
  expect(balances).toContain('STRK1,000$300.00')
  expect(balances).toContain('ETH1$3,000.00')
  // A fresh account has no positions and no airdrops it never had.
  expect(await demo.page.getByTestId('dapp').count()).toBe(0)
  expect(await demo.page.getByTestId('airdrop').count()).toBe(0)
  const panel = demo.page.getByTestId('portfolio')
  expect(await panel.textContent()).toContain('No positions.')
  expect(await panel.textContent()).toContain('No airdrops.')

  await demo.run('portfolio-sample')
  expect(await demo.error()).toBeUndefined()
  const dapps = await demo.page.getByTestId('dapp').allTextContents()
  // Each product with its amounts per token, in whole tokens and USD where the token has a price.
  expect(dapps.join(' ')).toMatch(/Vesu lending \(collateralizedDebtPosition\): [\d,.]+ ETH \(\$[\d,.]+\)/)
  for (const type of [
    'concentratedLiquidityPosition',
    'collateralizedDebtPosition',
    'delegatedTokens',
    'strkDelegatedStaking',
    'staking',
  ]) {
    expect(dapps.join(' ')).toContain(`(${type})`)
  }
  expect(await demo.page.getByTestId('airdrop').count()).toBeGreaterThan(0)
  // Set up for this account only, and reported on every later load.
  const address = await demo.text('address')
  expect(await stack.dev(`/accounts/${address}/defi`, { body: { preset: 'sample' } })).toMatchObject({
    dapps: expect.arrayContaining([expect.objectContaining({ dappId: 'ekubo' })]),
  })
  await demo.run('portfolio-load')
  expect(await demo.page.getByTestId('dapp').count()).toBe(5)
  // A new user has no Starknet ID name: the profile read answers that, in place.
  expect(await demo.text('profile')).toMatch(/no name|Starkname not found|Could not get/)
}

/** The user registers a Starknet ID name from the profile panel; the profile shows it, taken after. */
async function registersName(demo: Demo) {
  // Unique per run: a docker-compose stack keeps its chain between runs.
  const name = `${newEmail('named').split('@')[0]}.stark`
  await demo.page.getByTestId('name-input').fill(name)
  await demo.run('name-register')
  expect(await demo.error()).toBeUndefined()
  expect(await demo.text('profile')).toContain(name)
  // A real transaction from the (just deployed) account, and the naming contract maps the name back.
  expect(await demo.text('activity')).toMatch(/register name.*0x/)
  const address = await demo.text('address')
  expect(await stack.dev(`/accounts/${address}/name`)).toMatchObject({ name })

  // Taken now: a second registration is refused with the dev API's message, shown as the demo's error.
  await demo.run('name-register')
  expect(await demo.error()).toBe(`${name} is already registered to ${address}`)
}

// One user for both (a sign-in costs more than either): the portfolio of a new account, then its name.
test('a new user sees balances, no DeFi positions or airdrops, then the sample ones; registers a Starknet ID name the profile then shows', async () => {
  const demo = await openDemo(browser, stack, { transport: 'iframe' })
  await connectNewUser(demo, stack, newEmail('portfolio'))
  await seesPortfolio(demo)
  await registersName(demo)
}, 120_000)
