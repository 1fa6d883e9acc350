// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { addressKey } from '@webwallet/protocol'
import type { Account } from '@webwallet/wallet-sim/page'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Home } from './Home'

afterEach(cleanup)

const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const ETH = '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7'
const ACCOUNT = {
  email: 'ann@example.com',
  address: `0x07d5${'0'.repeat(56)}f72b`,
  chainId: '0x534e5f5345504f4c4941',
  deployed: true,
  balances: { STRK: '1500000000000000000000', ETH: '100000000000000000' },
} as Account

const api = (market?: () => Promise<Map<string, { symbol: string; decimals: number; usd?: number }>>) => ({
  isLoggedIn: () => true,
  account: vi.fn(async () => ACCOUNT),
  logout: vi.fn(async () => {}),
  ...(market ? { market } : {}),
})

describe('Home', () => {
  it("shows the account's balances with their USD value at the backend's prices", async () => {
    const market = async () =>
      new Map([
        [addressKey(STRK), { symbol: 'STRK', decimals: 18, usd: 0.3 }],
        [addressKey(ETH), { symbol: 'ETH', decimals: 18 }],
      ])
    render(<Home api={api(market)} onLogin={vi.fn()} version={0} />)
    // ETH has no price here: its amount alone.
    await waitFor(() => expect(screen.getByText(/STRK/).textContent).toBe('1500 STRK ($450.00), 0.1 ETH'))
  })

  it('without the price service: the amounts alone', async () => {
    render(<Home api={api()} onLogin={vi.fn()} version={0} />)
    expect((await screen.findByText(/STRK/)).textContent).toBe('1500 STRK, 0.1 ETH')
  })
})
