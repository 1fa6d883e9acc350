// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { popup } from './popup'

const WALLET = 'https://wallet.example'

function setup(options: { blocked?: boolean } = {}) {
  const popups: Array<{ closed: boolean; close(): void; postMessage(): void }> = []
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
      }
      popups.push(win)
      return win as unknown as Window
    }),
  })
  const dialog = popup({ walletUrl: `${WALLET}/base`, opener: opener as never })
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

  it('opens synchronously at the route with its size, centred on the opener', () => {
    const { dialog, opener } = setup()
    dialog.open({ route: '/signMessage', width: 385, height: 440 })
    expect(opener.open).toHaveBeenCalledTimes(1)
    const [url, name, features] = opener.open.mock.calls[0]!
    expect(url).toBe('https://wallet.example/signMessage')
    expect(name).toBe('webwallet')
    expect(features).toBe('popup=1,width=385,height=440,left=508,top=280')
    expect(dialog.window()).not.toBeNull()
  })

  it('defaults to /interstitialLogin at 775x385', () => {
    const { dialog, opener } = setup()
    dialog.open()
    const [url, , features] = opener.open.mock.calls[0]!
    expect(url).toBe('https://wallet.example/interstitialLogin')
    expect(features).toContain('width=775,height=385')
  })

  it("throws 'Could not open popup' when blocked", () => {
    const { dialog } = setup({ blocked: true })
    expect(() => dialog.open()).toThrow('Could not open popup')
  })

  it('reuses the window while it is open and reopens once closed', () => {
    const { dialog, opener, popups } = setup()
    dialog.open()
    dialog.open({ route: '/review', width: 385, height: 775 })
    expect(opener.open).toHaveBeenCalledTimes(1)
    popups[0]!.closed = true
    dialog.open({ route: '/review', width: 385, height: 775 })
    expect(opener.open).toHaveBeenCalledTimes(2)
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

  it('goes on after 15 s without a handshake', async () => {
    const { dialog, settled } = setup()
    dialog.open()
    const ready = settled(dialog.ready())
    await vi.advanceTimersByTimeAsync(14_999)
    expect(ready.done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(ready.done).toBe(true)
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
