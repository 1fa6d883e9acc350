// executeWithPaymaster's route choice against a scripted node and paymaster (these doubles verify no
// signature; the transactions are proven valid on wallet-sim's chain in
// e2e/tests/compat/invisibleSdkSessionAccount.test.ts): sponsored with an api key, else the gas token whose
// balance covers the fee, the balances from a token service when one is given, else from the chain.
import { toFelt } from '@webwallet/protocol/session'
import { describe, expect, it, vi } from 'vitest'
import { SessionAccount } from '../account/SessionAccount'
import {
  ACCOUNT,
  argentCalls,
  createWorld,
  ESTIMATE,
  GAME,
  paymasterTypedData,
  STRK,
  testContext,
  testPaymaster,
  type World,
} from '../account/testing'
import { ArgentAccount } from './account'
import { executeWithPaymaster } from './executeWithPaymaster'

const USDC = '0x053b40a647cedfca6ca84f542a0fe36736031905a9639a7f19a3c1e66bfd5080'
const play = { contractAddress: GAME, entrypoint: 'play', calldata: ['0x1'] }
const HUNDRED = 10n ** 20n

/** A node of a deployed account holding `onChain` of every token; a paymaster taking STRK and USDC. */
function setup(onChain: bigint, deployed = true) {
  const world = createWorld()
  world.node.starknet_getClassHashAt = () => {
    if (!deployed) throw { code: 20, message: 'Contract not found' }
    return '0x1'
  }
  world.node.starknet_getNonce = () => '0x4'
  world.node.starknet_estimateFee = () => [ESTIMATE]
  world.node.starknet_call = argentCalls([`0x${onChain.toString(16)}`, '0x0'])
  const seen: Record<string, unknown>[] = []
  world.paymaster['/gas-token-prices'] = () =>
    Response.json(
      [STRK, USDC].map((tokenAddress) => ({ tokenAddress, decimals: 18, priceInETH: '1000000000000000000' })),
    )
  world.paymaster[`/accounts/${ACCOUNT}/compatible`] = () =>
    Response.json({ isCompatible: true, gasConsumedOverhead: '0x0', dataGasConsumedOverhead: '0x0' })
  world.paymaster['/build-typed-data'] = (body: { calls: (typeof play)[] }) => {
    seen.push(body)
    return Response.json(paymasterTypedData(body.calls))
  }
  world.paymaster['/execute'] = (body: Record<string, unknown>) => {
    seen.push(body)
    return Response.json({ transactionHash: '0xfeed' })
  }
  // The account as connect() builds it: its paymaster is the init's (no api key here).
  const account = new ArgentAccount(testContext(world), { paymaster: testPaymaster(world) }, () => 'VALID')
  return { world, seen, account }
}

const service = (balances: Record<string, bigint>) => ({
  fetchAddressTokenBalancesFromBackend: vi.fn(async (_address: string, _network: string) =>
    Object.entries(balances).map(([address, balance]) => ({ address, balance: balance.toString() })),
  ),
})

const chainBalanceReads = (world: World) => world.log.filter((entry) => entry === 'starknet_call').length

describe('executeWithPaymaster', () => {
  it("pays in the first gas token the token service's balances cover (not the chain's)", async () => {
    const { world, seen, account } = setup(0n)
    const tokens = service({ [STRK]: 0n, [USDC]: HUNDRED })
    await expect(executeWithPaymaster(tokens, account, [play], {})).resolves.toEqual({
      transaction_hash: '0xfeed',
    })
    expect(tokens.fetchAddressTokenBalancesFromBackend).toHaveBeenCalledWith(ACCOUNT, 'sepolia')
    expect(toFelt(seen[0]?.gasTokenAddress as string)).toBe(toFelt(USDC))
    expect(BigInt(seen[0]?.maxGasTokenAmount as string)).toBeGreaterThan(0n)
    // Only the outside execution's probes read the chain, no balance.
    expect(chainBalanceReads(world)).toBe(2)
  })

  it('pays in paymasterParams.tokenAddress when its balance covers the fee', async () => {
    const { seen, account } = setup(0n)
    const tokens = service({ [STRK]: HUNDRED, [USDC]: HUNDRED })
    await executeWithPaymaster(tokens, account, [play], { tokenAddress: USDC })
    expect(toFelt(seen[0]?.gasTokenAddress as string)).toBe(toFelt(USDC))
  })

  it.each([
    ['no token service', undefined],
    ['an object without the method', { httpService: {} }],
  ])('reads the balances from the chain with %s', async (_name, tokens) => {
    const { world, seen, account } = setup(HUNDRED)
    await executeWithPaymaster(tokens, account, [play], {})
    expect(toFelt(seen[0]?.gasTokenAddress as string)).toBe(toFelt(STRK))
    expect(chainBalanceReads(world)).toBeGreaterThan(2)
  })

  it("refuses with invisible-sdk's sentence when no token covers the fee (NOT_ENOUGH_GAS_TOKEN)", async () => {
    const { world, account } = setup(HUNDRED)
    const refused = executeWithPaymaster(service({ [STRK]: 1n }), account, [play], {})
    await expect(refused).rejects.toMatchObject({
      code: 'NOT_ENOUGH_GAS_TOKEN',
      message: 'Not enough balance in any gas token - please fund your wallet with a valid gas token',
    })
    expect(world.log).not.toContain('/paymaster/v1/build-typed-data')
  })

  it('is sponsored with an api key: no estimate, no balance, no gas token', async () => {
    const { world, seen, account } = setup(0n)
    const tokens = service({})
    await executeWithPaymaster(tokens, account, [play], { apiKey: 'app-key' })
    expect(seen[0]).not.toHaveProperty('gasTokenAddress')
    expect(world.log).not.toContain('starknet_estimateFee')
    expect(tokens.fetchAddressTokenBalancesFromBackend).not.toHaveBeenCalled()
  })

  it('deploys an undeployed account on the way (the deployment data goes with the execution)', async () => {
    const { seen, account } = setup(0n, false)
    await executeWithPaymaster(undefined, account, [play], { apiKey: 'app-key' })
    expect(seen[1]).toMatchObject({ deploymentData: { class_hash: '0x1', salt: '0x3', unique: '0x0' } })
  })

  it('refuses an account that is not this entry’s, and a token service answering no list (INVALID_OPTIONS)', async () => {
    const { world, account } = setup(0n)
    const other = new SessionAccount(testContext(world), { paymaster: testPaymaster(world) })
    await expect(executeWithPaymaster(undefined, other as never, [play], {})).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
      data: { path: 'account' },
    })
    const broken = { fetchAddressTokenBalancesFromBackend: async () => ({ error: 'down' }) }
    await expect(executeWithPaymaster(broken, account, [play], {})).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
      data: { path: 'tokenService' },
    })
  })

  it("refuses a call outside the session before the paymaster is asked, as the account's execute", async () => {
    const { world, account } = setup(HUNDRED)
    const drain = { contractAddress: GAME, entrypoint: 'drain', calldata: [] }
    await expect(executeWithPaymaster(undefined, account, [drain], {})).rejects.toMatchObject({
      code: 'CALL_NOT_ALLOWED',
    })
    expect(world.log.some((entry) => entry.includes('/paymaster/'))).toBe(false)
  })
})
