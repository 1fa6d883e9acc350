import { NotImplementedError } from '@webwallet/protocol/errors'
import { describe, expect, it, vi } from 'vitest'
import { lazyChannel } from './lazyChannel'
import { memory } from './memory'
import type { Channel, Incoming } from './types'

const request = { id: 'a', jsonrpc: '2.0', method: 'mutation', params: { path: 'x', input: 1 } } as const

describe('lazyChannel', () => {
  it('loads at the first ready(), not before, and once', async () => {
    const [inner] = memory()
    const open = vi.fn(async () => inner)
    const channel = lazyChannel(open)
    expect(open).not.toHaveBeenCalled()
    expect(channel.loaded()).toBeUndefined()
    const first = channel.ready()
    expect(channel.loading()).toBe(true)
    await Promise.all([first, channel.ready()])
    expect(open).toHaveBeenCalledTimes(1)
    expect(channel.loaded()).toBe(inner)
    expect(channel.loading()).toBe(false)
  })

  it('hands posts and replies through, to listeners registered before and after the load', async () => {
    const [inner, wallet] = memory()
    const channel = lazyChannel(async () => inner)
    const early: Incoming[] = []
    const late: Incoming[] = []
    const stopEarly = channel.listen(
      (r) => early.push(r),
      () => {},
    )
    await channel.ready()
    channel.listen(
      (r) => late.push(r),
      () => {},
    )
    channel.post(request)
    expect(wallet.requests).toEqual([request])
    wallet.reply({ id: 'a', result: { data: 1 } })
    stopEarly()
    wallet.reply({ id: 'b', result: { data: 2 } })
    expect(early.map((r) => r.id)).toEqual(['a'])
    expect(late.map((r) => r.id)).toEqual(['a', 'b'])
  })

  it("waits for the loaded channel's own ready()", async () => {
    const [inner, wallet] = memory({ ready: false })
    const channel = lazyChannel(async () => inner)
    const ready = vi.fn()
    void channel.ready().then(ready)
    await vi.waitFor(() => expect(channel.loaded()).toBe(inner))
    expect(ready).not.toHaveBeenCalled()
    wallet.open()
    await vi.waitFor(() => expect(ready).toHaveBeenCalled())
  })

  it("codes a failed chunk load as 'Wallet not available' (cause kept) and loads again at the next ready()", async () => {
    const gone = new TypeError('Failed to fetch dynamically imported module')
    const [inner] = memory()
    const open = vi.fn<() => Promise<Channel>>().mockRejectedValueOnce(gone).mockResolvedValueOnce(inner)
    const channel = lazyChannel(open)
    const failed = await channel.ready().catch((error: unknown) => error)
    expect(failed).toMatchObject({
      code: 'WALLET_NOT_AVAILABLE',
      message: 'Wallet not available',
      cause: gone,
    })
    expect(channel.loading()).toBe(false)
    await expect(channel.ready()).resolves.toBeUndefined()
    expect(open).toHaveBeenCalledTimes(2)
  })

  it("passes a coded error the channel's code threw unchanged", async () => {
    const coded = new NotImplementedError({ cause: 'no wire here' })
    const channel = lazyChannel(async () => {
      throw coded
    })
    await expect(channel.ready()).rejects.toBe(coded)
  })

  it('refuses a post before the load with a coded error (Messenger.create never does that)', () => {
    const channel = lazyChannel(async () => memory()[0])
    expect(() => channel.post(request)).toThrow(expect.objectContaining({ code: 'PORT_DISCONNECTED' }))
  })

  it('closes a channel that loads after close()', async () => {
    const [inner] = memory()
    const close = vi.spyOn(inner, 'close')
    const channel = lazyChannel(async () => inner)
    const ready = channel.ready()
    channel.close()
    expect(channel.loading()).toBe(false)
    await ready
    expect(close).toHaveBeenCalledTimes(1)
  })
})
