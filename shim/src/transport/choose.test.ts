import { DEFAULT_HEAP_LIMIT_BYTES } from '@webwallet/protocol'
import { describe, expect, it, vi } from 'vitest'
import { type ChooseTransportOptions, chooseTransport } from './choose'

const CHROME = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0.0.0 Safari/537.36',
}
const GiB = 1024 ** 3

function options(overrides: Partial<ChooseTransportOptions> = {}): ChooseTransportOptions {
  return {
    walletUrl: 'http://localhost:3005',
    browser: CHROME,
    hostname: 'app.example',
    storageEstimate: async () => ({ quota: 10 * GiB }),
    heapLimit: 2 * GiB,
    fetch: vi.fn(async () => new Response(JSON.stringify({ allowedDapps: ['app.example'] }))),
    ...overrides,
  }
}

describe('chooseTransport', () => {
  it('uses the iframe for a Chrome-like browser with enough storage on an allowed host', async () => {
    const opts = options()
    expect(await chooseTransport(opts)).toBe('iframe')
    expect(opts.fetch).toHaveBeenCalledWith('http://localhost:3005/allowlist/sepolia.json')
  })

  it('uses the popup for non-Chrome-like browsers without fetching the list', async () => {
    const opts = options({
      browser: { userAgent: 'Mozilla/5.0 (X11; rv:127.0) Gecko/20100101 Firefox/127.0' },
    })
    expect(await chooseTransport(opts)).toBe('popup')
    expect(await chooseTransport(options({ browser: { ...CHROME, brave: true } }))).toBe('popup')
    expect(opts.fetch).not.toHaveBeenCalled()
  })

  it('uses the popup when the quota is below twice the heap limit', async () => {
    expect(await chooseTransport(options({ storageEstimate: async () => ({ quota: 4 * GiB - 1 }) }))).toBe(
      'popup',
    )
    expect(await chooseTransport(options({ storageEstimate: async () => ({ quota: 4 * GiB }) }))).toBe(
      'iframe',
    )
  })

  it('defaults the heap limit to 1 GiB', async () => {
    const base = options({ heapLimit: undefined })
    const quota = 2 * DEFAULT_HEAP_LIMIT_BYTES
    expect(await chooseTransport({ ...base, storageEstimate: async () => ({ quota }) })).toBe('iframe')
    expect(await chooseTransport({ ...base, storageEstimate: async () => ({ quota: quota - 1 }) })).toBe(
      'popup',
    )
  })

  it('treats a missing or failing storage estimate as no quota (popup)', async () => {
    expect(await chooseTransport(options({ storageEstimate: async () => ({}) }))).toBe('popup')
    expect(await chooseTransport(options({ storageEstimate: () => Promise.reject(new Error('x')) }))).toBe(
      'popup',
    )
  })

  it('uses the popup when the host is not on the allow-list', async () => {
    expect(await chooseTransport(options({ hostname: 'evil.example' }))).toBe('popup')
  })

  it("fetches the wallet network's list for hosted wallets", async () => {
    const opts = options({ walletUrl: 'https://web.argent.xyz' })
    await chooseTransport(opts)
    expect(opts.fetch).toHaveBeenCalledWith(
      'https://static.argent.net/webwallet/iframe_whitelist_mainnet.json',
    )
  })
})
