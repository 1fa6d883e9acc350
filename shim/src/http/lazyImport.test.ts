import { FetchUrlError } from '@webwallet/protocol/errors'
import { describe, expect, it, vi } from 'vitest'
import { lazyImport } from './lazyImport'

describe('lazyImport', () => {
  it('loads once and keeps the module', async () => {
    const load = vi.fn(async () => ({ answer: 42 }))
    const get = lazyImport(load, (cause) => new FetchUrlError({ cause }))
    expect(load).not.toHaveBeenCalled()
    const [a, b] = await Promise.all([get(), get()])
    expect(a).toBe(b)
    expect(await get()).toBe(a)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('codes a failed load (its cause kept) and tries again at the next call', async () => {
    const offline = new TypeError('Failed to fetch dynamically imported module')
    const load = vi.fn<() => Promise<{ answer: number }>>()
    load.mockRejectedValueOnce(offline).mockResolvedValueOnce({ answer: 42 })
    const get = lazyImport(load, (cause) => new FetchUrlError({ cause }))
    const failed = await get().catch((error: unknown) => error)
    expect(failed).toBeInstanceOf(FetchUrlError)
    expect(failed).toMatchObject({ code: 'FETCH_URL', message: 'Failed to fetch url', cause: offline })
    await expect(get()).resolves.toEqual({ answer: 42 })
    expect(load).toHaveBeenCalledTimes(2)
  })
})
