import { describe, expect, it, vi } from 'vitest'
import { createPortfolio } from './portfolio'

describe('createPortfolio', () => {
  it('loads its reads on the first call and answers through them, with the options given', async () => {
    const urls: string[] = []
    const fetch = vi.fn<typeof globalThis.fetch>(async (url) => {
      urls.push(String(url))
      if (String(url).endsWith('/balance'))
        return Response.json({
          status: 'initialised',
          balances: [{ tokenAddress: '0x1', tokenBalance: '5' }],
        })
      return Response.json([])
    })
    const portfolio = createPortfolio({
      backendUrl: 'https://api/v1',
      network: 'sepolia',
      appName: 'demo',
      fetch,
    })
    expect(fetch).not.toHaveBeenCalled()
    await expect(portfolio.balances('0xabc')).resolves.toEqual([
      { address: '0x1', balance: '5', networkId: 'sepolia' },
    ])
    await expect(portfolio.airdrops('0xabc')).resolves.toEqual([])
    expect(urls).toEqual([
      'https://api/v1/activity/starknet/sepolia/account/0xabc/balance',
      'https://api/v1/airdrops/0xabc',
    ])
  })

  it('keeps every read of the reads body, by name', async () => {
    const { portfolioReads } = await import('./reads')
    const body = portfolioReads({ backendUrl: 'https://api/v1', network: 'sepolia', appName: 'demo' })
    const lazy = createPortfolio({ backendUrl: 'https://api/v1', network: 'sepolia', appName: 'demo' })
    expect(Object.keys(lazy).sort()).toEqual(Object.keys(body).sort())
  })
})
