// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { popup } from './popup'

const WALLET = 'https://wallet.example'

function setup(
  options: { blocked?: boolean; probe?: (url: string) => Promise<unknown>; walletUrl?: string } = {},
) {
  const popups: Array<{
    closed: boolean
    close(): void
    postMessage(): void
    location: { replace: ReturnType<typeof vi.fn> }
  }> = []
  const opener = Object.assign(new EventTarget(), {
    screenX: 100,
    screenY: 50,
    outerWidth: 1200,
    outerHeight: 900,
    open: vi.fn((_url?: string | URL, _name?: string, _features?: string) => {
      if (options.blocked) return null
      const win = {
        closed: false,
        close() {
          this.closed = true
        },
        postMessage() {},
        location: { replace: vi.fn() },
      }
      popups.push(win)
      return win as unknown as Window
    }),
  })
  const dialog = popup({
    walletUrl: options.walletUrl ?? `${WALLET}/base`,
    opener: opener as never,
    probe: options.probe ?? (async () => {}),
  })
  const handshake = (source: unknown, origin = WALLET, data: unknown = 'TRPC_BROWSER::POPUP_LOADED') =>
    opener.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }))
  const settled = (promise: Promise<unknown>) => {
    const state = { done: false }
    void promise.then(() => (state.done = true))
    return state
  }
  return { dialog, opener, popups, handshake, settled }
}

describe('Dialog.popup', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('opens synchronously with its size, centred on the opener, and goes to the route once the wallet answers', async () => {
    let answer = () => {}
    const { dialog, opener, popups } = setup({ probe: () => new Promise<void>((r) => (answer = r)) })
    dialog.open({ route: '/signMessage', width: 385, height: 440 })
    expect(opener.open).toHaveBeenCalledTimes(1)
    const [url, name, features] = opener.open.mock.calls[0]!
    // A blank window first: the opener can always close it, which Chromium does not promise for a window
    // whose navigation to a wallet that is down is still failing (it left such popups open now and then).
    expect(url).toBe('')
    expect(name).toBe('webwallet')
    expect(features).toBe('popup=1,width=385,height=440,left=508,top=280')
    expect(dialog.window()).not.toBeNull()
    await vi.advanceTimersByTimeAsync(0)
    expect(popups[0]!.location.replace).not.toHaveBeenCalled()
    answer()
    await vi.advanceTimersByTimeAsync(0)
    expect(popups[0]!.location.replace).toHaveBeenCalledWith('https://wallet.example/signMessage')
  })

  it('defaults to /interstitialLogin at 775x385', async () => {
    const { dialog, opener, popups } = setup()
    dialog.open()
    const [, , features] = opener.open.mock.calls[0]!
    await vi.advanceTimersByTimeAsync(0)
    expect(popups[0]!.location.replace).toHaveBeenCalledWith('https://wallet.example/interstitialLogin')
    expect(features).toContain('width=775,height=385')
  })

  it("throws 'Could not open popup' when blocked", () => {
    const { dialog } = setup({ blocked: true })
    expect(() => dialog.open()).toThrow('Could not open popup')
  })

  it("throws 'Could not open popup' with the cause when window.open itself throws", () => {
    const { dialog, opener } = setup()
    const denied = new DOMException('Blocked by sandbox', 'SecurityError')
    opener.open.mockImplementationOnce(() => {
      throw denied
    })
    expect(() => dialog.open()).toThrow(expect.objectContaining({ code: 'POPUP_BLOCKED', cause: denied }))
  })

  it('never reuses an open window: closes it (its requests end) and opens at the new route and size', async () => {
    const { dialog, opener, popups, handshake, settled } = setup()
    const onClose = vi.fn()
    dialog.onClose(onClose)
    dialog.open()
    handshake(popups[0])
    await vi.advanceTimersByTimeAsync(0)
    dialog.open({ route: '/review', width: 385, height: 775 })
    expect(popups[0]!.closed).toBe(true)
    expect(onClose.mock.calls[0]?.[0]).toMatchObject({ code: 'PORT_DISCONNECTED' })
    expect(opener.open).toHaveBeenCalledTimes(2)
    const [, name, features] = opener.open.mock.calls[1]!
    expect(name).toBe('webwallet')
    await vi.advanceTimersByTimeAsync(0)
    expect(popups[1]!.location.replace).toHaveBeenCalledWith('https://wallet.example/review')
    expect(features).toContain('width=385,height=775')
    expect(dialog.window()).toBe(popups[1])
    // The new page's handshake, not the old one's, makes it ready.
    const ready = settled(dialog.ready())
    handshake(popups[0])
    await vi.advanceTimersByTimeAsync(0)
    expect(ready.done).toBe(false)
    handshake(popups[1])
    await vi.advanceTimersByTimeAsync(0)
    expect(ready.done).toBe(true)
    await vi.advanceTimersByTimeAsync(5000)
    expect(onClose).toHaveBeenCalledTimes(1) // our own close is not the user's
  })

  it("a window the user closed before the next open rejects its requests as the user's", () => {
    const { dialog, popups } = setup()
    const onClose = vi.fn()
    dialog.onClose(onClose)
    dialog.open()
    popups[0]!.closed = true
    dialog.open()
    expect(onClose.mock.calls[0]?.[0]).toMatchObject({ code: 'USER_REJECTED' })
  })

  it('is ready on the handshake from the wallet origin and the popup window only', async () => {
    const { dialog, popups, handshake, settled } = setup()
    dialog.open()
    const ready = settled(dialog.ready())
    handshake(popups[0], 'https://evil.example')
    handshake({ other: true })
    handshake(popups[0], WALLET, 'hello')
    await vi.advanceTimersByTimeAsync(0)
    expect(ready.done).toBe(false)
    handshake(popups[0])
    await vi.advanceTimersByTimeAsync(0)
    expect(ready.done).toBe(true)
  })

  it("opened at Argent's host, is ready on the handshake from Ready's host of the same network, no third origin's", async () => {
    const { dialog, popups, handshake, settled } = setup({ walletUrl: 'https://sepolia-web.argent.xyz' })
    dialog.open()
    const ready = settled(dialog.ready())
    for (const origin of [
      'https://web.ready.co',
      'https://sepolia-web.ready.co.evil.example',
      'https://evil.example',
    ]) {
      handshake(popups[0], origin)
    }
    await vi.advanceTimersByTimeAsync(0)
    expect(ready.done).toBe(false)
    handshake(popups[0], 'https://sepolia-web.ready.co')
    await vi.advanceTimersByTimeAsync(0)
    expect(ready.done).toBe(true)
  })

  // Issue 27: a URL that answers but is no wallet hung requestConnection for up to 10 minutes.
  it("refuses a page that answers but sends no wallet handshake within 15 s ('Wallet not available', its URL)", async () => {
    const probed: string[] = []
    const { dialog, settled, popups } = setup({ probe: async (url) => probed.push(url) })
    dialog.open({ route: '/signMessage', width: 385, height: 440 })
    const ready = settled(dialog.ready().catch((error: unknown) => error))
    await vi.advanceTimersByTimeAsync(14_999)
    expect(ready.done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const error = await dialog.ready().catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'WALLET_NOT_AVAILABLE' })
    expect(String((error as Error).cause)).toContain('https://wallet.example/signMessage')
    expect(popups[0]!.closed).toBe(true)
    expect(probed).toEqual(['https://wallet.example/signMessage'])
  })

  it('a wallet that is down rejects with SERVICE_UNREACHABLE at once and closes the popup', async () => {
    const down = new TypeError('Failed to fetch')
    const { dialog, popups } = setup({ probe: async () => Promise.reject(down) })
    const onClose = vi.fn()
    dialog.onClose(onClose)
    dialog.open()
    const ready = dialog.ready().catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(0)
    const error = await ready
    expect(error).toMatchObject({ code: 'SERVICE_UNREACHABLE', data: { service: 'wallet' } })
    expect((error as Error).cause).toBe(down)
    expect(popups[0]!.closed).toBe(true)
    expect(popups[0]!.location.replace).not.toHaveBeenCalled() // the blank window never went to the wallet
    expect(dialog.window()).toBeNull()
    await vi.advanceTimersByTimeAsync(20_000)
    expect(onClose).not.toHaveBeenCalled() // not 'User rejected request': nobody rejected anything
  })

  it("a wallet server that never answers rejects with 'Wallet not available' after 15 s", async () => {
    const { dialog, popups } = setup({ probe: () => new Promise(() => {}) })
    dialog.open()
    const ready = dialog.ready().catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(14_999)
    expect(popups[0]!.closed).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await ready).toMatchObject({ code: 'WALLET_NOT_AVAILABLE' })
    expect(popups[0]!.closed).toBe(true)
  })

  it('polls every 100 ms while loading: a popup closed before loading rejects as the user', async () => {
    const { dialog, popups } = setup()
    const onClose = vi.fn()
    dialog.onClose(onClose)
    dialog.open()
    popups[0]!.closed = true
    await vi.advanceTimersByTimeAsync(99)
    expect(onClose).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(onClose.mock.calls[0]?.[0]).toMatchObject({
      code: 'USER_REJECTED',
      message: 'User rejected request',
    })
    expect(dialog.window()).toBeNull()
  })

  it('polls every 1 s once loaded: closing rejects as the user, once', async () => {
    const { dialog, popups, handshake } = setup()
    const onClose = vi.fn()
    dialog.onClose(onClose)
    dialog.open()
    handshake(popups[0])
    await vi.advanceTimersByTimeAsync(0)
    popups[0]!.closed = true
    await vi.advanceTimersByTimeAsync(999)
    expect(onClose).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(onClose).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(5000)
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('closes the window and stops polling on destroy', async () => {
    const { dialog, popups } = setup()
    const onClose = vi.fn()
    dialog.onClose(onClose)
    dialog.open()
    dialog.destroy()
    expect(popups[0]!.closed).toBe(true)
    await vi.advanceTimersByTimeAsync(20_000)
    expect(onClose).not.toHaveBeenCalled()
  })
})
