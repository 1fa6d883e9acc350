import { BalanceParseError } from '@webwallet/protocol/errors'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { portfolioReads } from './reads'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

function scripted(answers: Array<() => Response>) {
  const urls: string[] = []
  const fetch = vi.fn<typeof globalThis.fetch>(async (url) => {
    urls.push(String(url))
    const next = answers.shift()
    if (!next) throw new TypeError('no more answers')
    return next()
  })
  return { fetch, urls }
}

const initialised = () =>
  Response.json({ status: 'initialised', balances: [{ tokenAddress: '0x1', tokenBalance: '5' }] })

describe('portfolio.balances', () => {
  it('polls until initialised, retrying on fetch errors, bad answers and initialising (5000 ms first wait)', async () => {
    const { fetch, urls } = scripted([
      () => {
        throw new TypeError('offline')
      },
      () => Response.json({ status: 'weird' }),
      () => Response.json({ status: 'initialising', balances: [] }),
      initialised,
    ])
    const portfolio = portfolioReads({
      backendUrl: 'https://api/v1',
      network: 'sepolia',
      appName: 'demo',
      fetch,
    })
    const pending = portfolio.balances('0xabc')
    await vi.advanceTimersByTimeAsync(0)
    expect(urls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(4999)
    expect(urls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(urls).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(urls).toHaveLength(3)
    await vi.advanceTimersByTimeAsync(20_000)
    await expect(pending).resolves.toEqual([{ address: '0x1', balance: '5', networkId: 'sepolia' }])
    expect(urls[0]).toBe('https://api/v1/activity/starknet/sepolia/account/0xabc/balance')
  })

  it('gives up after 5 retries with the last reason', async () => {
    const { fetch } = scripted(Array.from({ length: 6 }, () => () => Response.json({ nope: 1 })))
    const portfolio = portfolioReads({
      backendUrl: 'https://api/v1',
      network: 'mainnet',
      appName: 'demo',
      fetch,
    })
    const pending = portfolio.balances('0xabc')
    const settled = expect(pending).rejects.toBeInstanceOf(BalanceParseError)
    await vi.runAllTimersAsync()
    await settled
    await expect(pending).rejects.toThrow('Error parsing response')
    expect(fetch).toHaveBeenCalledTimes(6)
  })

  it.each([
    ['Error fetching', () => new Response('x', { status: 502, statusText: 'Bad Gateway' })],
    ['Not initialised yet', () => Response.json({ status: 'initialising', balances: [] })],
  ])('reports %s when it never succeeds', async (message, answer) => {
    const { fetch } = scripted(Array.from({ length: 2 }, () => answer))
    const portfolio = portfolioReads({
      backendUrl: 'https://api/v1',
      network: 'mainnet',
      appName: 'demo',
      fetch,
      balanceRetries: 1,
    })
    const pending = portfolio.balances('0xabc')
    const settled = expect(pending).rejects.toThrow(message)
    await vi.runAllTimersAsync()
    await settled
  })
})

describe('portfolio.defi', () => {
  it("logs 'Backend schema has changed...' on a schema mismatch and returns the answer anyway", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const answer = { dapps: [{ dappId: 'x', products: [{ weird: true }] }] }
    const { fetch, urls } = scripted([() => Response.json(answer)])
    const portfolio = portfolioReads({
      backendUrl: 'https://api/v1',
      network: 'sepolia',
      appName: 'my app',
      fetch,
    })
    expect(await portfolio.defi('0xabc')).toEqual(answer)
    expect(error.mock.calls[0]?.[0]).toBe('Backend schema has changed...')
    expect(urls[0]).toBe('https://api/v1/tokens/defi/0xabc/investments?chain=starknet&application=my%20app')
  })
})
