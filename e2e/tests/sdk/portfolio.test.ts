// Portfolio reads against wallet-sim's backend (/v1), balances read from its chain.

import { createPortfolio, createRpc } from '@webwallet/shim'
import { type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const STRK_ADDRESS = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const ETH_ADDRESS = '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7'
const ACCOUNT = '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'
const FRESH = '0x0fe5'
let sim: RunningSim

beforeAll(async () => {
  sim = await startSim({ seed: 3, initialisingPolls: 1 })
  // The one balance the account holds: 7 STRK (the backend lists non-zero balances only).
  await createRpc({ nodeUrl: sim.rpcUrl }).request('devnet_mint', {
    address: ACCOUNT,
    amount: 7e18, // a JSON number, as devnet takes it (exact: 7 * 10^18 is a double)
    unit: 'FRI',
  })
})
afterAll(async () => {
  await sim?.close()
})

describe('portfolio against wallet-sim', () => {
  const portfolio = () =>
    createPortfolio({ backendUrl: `${sim.url}/v1`, network: 'sepolia', appName: 'demo', balanceMinWaitMs: 1 })

  it('reads token infos, one token and prices', async () => {
    const tokens = await portfolio().tokens()
    expect(tokens.map((t) => t.address)).toContain(ETH_ADDRESS)
    expect((await portfolio().token(STRK_ADDRESS)).symbol).toBe('STRK')
    expect((await portfolio().prices()).length).toBeGreaterThan(0)
  })

  it('polls balances past the initialising answer', async () => {
    expect(await portfolio().balances(ACCOUNT)).toEqual([
      { address: STRK_ADDRESS, balance: (7n * 10n ** 18n).toString(), networkId: 'sepolia' },
    ])
  })

  it('reads no DeFi positions and no airdrops for an account nobody set up', async () => {
    expect(await portfolio().defi(FRESH)).toEqual({ dapps: [] })
    expect(await portfolio().airdrops(FRESH)).toEqual([])
  })

  it('reads the DeFi positions and airdrops set up through the dev API', async () => {
    // A Node client (no Origin) has the dev powers.
    const setUp = async (kind: string, body: unknown) => {
      const response = await fetch(`${sim.url}/dev/accounts/${ACCOUNT}/${kind}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      expect(response.status).toBe(201)
    }
    await setUp('defi', { preset: 'sample' })
    const drop = {
      name: 'Test drop',
      tokenAddress: STRK_ADDRESS,
      amount: '5',
      claimStart: '2026-01-01T00:00:00Z',
    }
    await setUp('airdrops', { airdrops: [drop] })
    const { dapps } = await portfolio().defi(ACCOUNT)
    expect(new Set(dapps.flatMap((d) => d.products.map((p) => p.type))).size).toBe(5)
    expect(await portfolio().airdrops(ACCOUNT)).toEqual([drop])
  })
})
