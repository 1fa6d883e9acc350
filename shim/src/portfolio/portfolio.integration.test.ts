// Portfolio reads against wallet-sim's real backend router, served on a free port.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createBackendRouter,
  ETH_ADDRESS,
  type Served,
  STRK_ADDRESS,
  serve,
} from '../../../wallet-sim/src/services'
import { createPortfolio } from './portfolio'

const ACCOUNT = '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'
let served: Served

beforeAll(async () => {
  served = await serve(
    '/v1',
    createBackendRouter({
      readBalance: (token) => (token === STRK_ADDRESS ? 7n * 10n ** 18n : 0n),
      lookupName: () => undefined,
      config: { initialisingPolls: 1 },
    }),
  )
})
afterAll(async () => {
  await served?.close()
})

describe('portfolio against wallet-sim', () => {
  const portfolio = () =>
    createPortfolio({ backendUrl: served.url, network: 'sepolia', appName: 'demo', balanceMinWaitMs: 1 })

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

  it('reads DeFi positions that fit the schema, and airdrops', async () => {
    const { dapps } = await portfolio().defi(ACCOUNT)
    expect(dapps.length).toBeGreaterThan(0)
    expect(Array.isArray(await portfolio().airdrops(ACCOUNT))).toBe(true)
  })
})
