import { ALLOWLIST_CACHE_MS, ENVIRONMENTS } from '@webwallet/protocol'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ALLOWLIST_CACHE_NAME, ALLOWLIST_TIMESTAMP_HEADER, allowlistUrl, getAllowlist } from './allowlist'
import { memoryCaches } from './testCaches'

const URL_ = 'http://localhost:3005/allowlist/sepolia.json'
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status })

describe('allowlistUrl', () => {
  it('uses the wallet origin in dev and the static hosts otherwise', () => {
    expect(allowlistUrl('http://localhost:3005/x')).toBe(URL_)
    expect(allowlistUrl('http://127.0.0.1:4100')).toBe('http://127.0.0.1:4100/allowlist/sepolia.json')
    expect(allowlistUrl('https://sepolia-web.argent.xyz')).toBe(ENVIRONMENTS.sepolia.allowListUrl)
    expect(allowlistUrl('https://web.argent.xyz')).toBe(ENVIRONMENTS.mainnet.allowListUrl)
  })
})

describe('getAllowlist', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'))
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('fetches, caches with a timestamp header, and serves from cache for 24 h', async () => {
    const caches = memoryCaches()
    const fetch = vi.fn(async () => json({ allowedDapps: ['app.example'] }))
    expect(await getAllowlist({ url: URL_, fetch, caches })).toEqual(['app.example'])
    const stored = caches.entries.get(ALLOWLIST_CACHE_NAME)?.get(URL_)
    expect(stored?.headers.get(ALLOWLIST_TIMESTAMP_HEADER)).toBe(String(Date.now()))

    vi.advanceTimersByTime(ALLOWLIST_CACHE_MS - 1)
    expect(await getAllowlist({ url: URL_, fetch, caches })).toEqual(['app.example'])
    expect(fetch).toHaveBeenCalledTimes(1)

    fetch.mockResolvedValueOnce(json({ allowedDapps: ['other.example'] }))
    vi.advanceTimersByTime(1)
    expect(await getAllowlist({ url: URL_, fetch, caches })).toEqual(['other.example'])
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('falls back to the stale copy when the refresh fails, and to [] without one', async () => {
    const caches = memoryCaches()
    const fetch = vi.fn(async () => json({ allowedDapps: ['app.example'] }))
    await getAllowlist({ url: URL_, fetch, caches })
    vi.advanceTimersByTime(ALLOWLIST_CACHE_MS)
    fetch.mockRejectedValueOnce(new TypeError('offline'))
    expect(await getAllowlist({ url: URL_, fetch, caches })).toEqual(['app.example'])
    fetch.mockRejectedValueOnce(new TypeError('offline'))
    expect(await getAllowlist({ url: URL_, fetch, caches: memoryCaches() })).toEqual([])
  })

  it('rejects malformed lists and HTTP errors', async () => {
    expect(await getAllowlist({ url: URL_, fetch: async () => json({ allowedDapps: [1] }) })).toEqual([])
    expect(await getAllowlist({ url: URL_, fetch: async () => json({ nope: [] }) })).toEqual([])
    expect(await getAllowlist({ url: URL_, fetch: async () => json({ allowedDapps: ['a'] }, 500) })).toEqual(
      [],
    )
  })

  it('works without Cache Storage (fetches every time)', async () => {
    const fetch = vi.fn(async () => json({ allowedDapps: ['a'] }))
    await getAllowlist({ url: URL_, fetch })
    await getAllowlist({ url: URL_, fetch })
    expect(fetch).toHaveBeenCalledTimes(2)
  })
})
