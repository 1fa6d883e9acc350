// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { IFRAME_ID, iframe, MODAL_ID, removeStale } from './iframe'

// The wallet's server as the default probe sees it: up (tests never reach the network).
const probe = async () => {}

describe('Dialog.iframe', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    document.body.innerHTML = ''
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const frame = () => document.getElementById(IFRAME_ID) as HTMLIFrameElement
  const modal = () => document.getElementById(MODAL_ID) as HTMLDivElement

  it('loads /iframes/comms sandboxed, in a hidden centred 380x420 modal with the labels', () => {
    iframe({ walletUrl: 'https://wallet.example/some/path', brandName: 'Argent', probe })
    expect(frame().getAttribute('src')).toBe('https://wallet.example/iframes/comms')
    expect(frame().getAttribute('sandbox')).toBe(
      'allow-scripts allow-same-origin allow-forms allow-top-navigation allow-popups',
    )
    expect(frame().getAttribute('allow')).toBe('clipboard-write')
    expect(modal().style.display).toBe('none')
    expect(modal().style.zIndex).toBe('99999')
    // Blurred behind the panel, with no filter on the iframe's ancestors (the wallet's visibility guard).
    expect(modal().style.cssText).not.toContain('filter')
    expect((modal().firstElementChild as HTMLElement).style.cssText).toContain('blur(')
    const panel = frame().parentElement as HTMLDivElement
    expect([panel.style.width, panel.style.height, panel.style.borderRadius]).toEqual([
      '380px',
      '420px',
      '40px',
    ])
    expect(panel.style.boxShadow).not.toBe('')
    expect(modal().textContent).toContain('Email')
    expect(modal().textContent).toContain('Powered by Argent')
  })

  it('follows updateModal: show, hide, height, width, both', () => {
    const dialog = iframe({ walletUrl: 'https://wallet.example', brandName: 'Argent', probe })
    const panel = frame().parentElement as HTMLDivElement
    dialog.update({ action: 'show' })
    expect(modal().style.display).toBe('flex')
    dialog.update({ action: 'updateHeight', height: 600 })
    expect(panel.style.height).toBe('600px')
    dialog.update({ action: 'updateWidth', width: 500 })
    expect(panel.style.width).toBe('500px')
    dialog.update({ action: 'updateSize', width: 300, height: 200 })
    expect([panel.style.width, panel.style.height]).toEqual(['300px', '200px'])
    dialog.update({ action: 'hide' })
    expect(modal().style.display).toBe('none')
  })

  it("shows the screen's title the wallet sends with show, the protocol's 'Email' when it sends none", () => {
    const dialog = iframe({ walletUrl: 'https://wallet.example', brandName: 'Argent', probe })
    // The header above the wallet's frame: title, subtitle, close.
    const title = () => frame().previousElementSibling?.firstElementChild?.textContent
    expect(title()).toBe('Email')
    dialog.update({ action: 'show', title: 'Confirm transaction' })
    expect(title()).toBe('Confirm transaction')
    // The dialog is named by that title, for screen readers too.
    const label = modal().getAttribute('aria-labelledby') ?? ''
    expect(document.getElementById(label)?.textContent).toBe('Confirm transaction')
    dialog.update({ action: 'hide' })
    dialog.update({ action: 'show' })
    expect(title()).toBe('Email')
  })

  it('moves focus into the shown modal, keeps it there, gives it back on hide', () => {
    const outside = document.createElement('button')
    document.body.prepend(outside)
    outside.focus()
    const dialog = iframe({ walletUrl: 'https://wallet.example', brandName: 'Argent', probe })
    dialog.update({ action: 'show' })
    expect(document.activeElement).toBe(frame())
    outside.focus() // Tab past the modal's last element lands on the page
    expect(document.activeElement).toBe(frame())
    dialog.update({ action: 'hide' })
    expect(document.activeElement).toBe(outside)
    outside.focus()
    expect(document.activeElement).toBe(outside)
  })

  it('Escape on the page closes the shown modal as the user rejecting; ignored while hidden', () => {
    const dialog = iframe({ walletUrl: 'https://wallet.example', brandName: 'Argent', probe })
    const closed: Error[] = []
    dialog.onClose((error) => closed.push(error))
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    expect(closed).toEqual([])
    dialog.update({ action: 'show' })
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    expect(closed.map((e) => e.message)).toEqual(['User rejected request'])
    expect(modal().style.display).toBe('none')
  })

  it("rejects with 'Timeout while loading an iframe' after 20 s", async () => {
    const dialog = iframe({ walletUrl: 'https://wallet.example', brandName: 'Argent', probe })
    const ready = dialog.ready().catch((e: Error) => e)
    await vi.advanceTimersByTimeAsync(19_999)
    let settled = false
    void ready.then(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await ready).toMatchObject({ code: 'IFRAME_TIMEOUT', message: 'Timeout while loading an iframe' })
  })

  it('resolves when the iframe loads in time', async () => {
    const dialog = iframe({ walletUrl: 'https://wallet.example', brandName: 'Argent', probe: async () => {} })
    await vi.advanceTimersByTimeAsync(19_000)
    frame().dispatchEvent(new Event('load'))
    await expect(dialog.ready()).resolves.toBeUndefined()
    await vi.advanceTimersByTimeAsync(5_000)
    await expect(dialog.ready()).resolves.toBeUndefined()
  })

  it('a wallet that is down (the iframe shows the browser error page) is SERVICE_UNREACHABLE at once', async () => {
    const probed: string[] = []
    const dialog = iframe({
      walletUrl: 'https://wallet.example',
      brandName: 'Argent',
      probe: async (url) => {
        probed.push(url)
        throw new TypeError('Failed to fetch')
      },
    })
    const ready = dialog.ready().catch((error: unknown) => error)
    frame().dispatchEvent(new Event('load'))
    await vi.advanceTimersByTimeAsync(0)
    expect(probed).toEqual(['https://wallet.example/iframes/comms'])
    const error = await ready
    expect(error).toMatchObject({
      code: 'SERVICE_UNREACHABLE',
      data: { service: 'wallet', url: 'https://wallet.example/iframes/comms' },
    })
    expect((error as Error).cause).toBeInstanceOf(TypeError)
  })

  it("closing the modal hides it and reports 'User rejected request'", () => {
    const dialog = iframe({ walletUrl: 'https://wallet.example', brandName: 'Argent', probe })
    const onClose = vi.fn()
    dialog.onClose(onClose)
    dialog.update({ action: 'show' })
    ;(modal().querySelector('button') as HTMLButtonElement).click()
    expect(modal().style.display).toBe('none')
    expect(onClose.mock.calls[0]?.[0]).toMatchObject({
      code: 'USER_REJECTED',
      message: 'User rejected request',
    })
    modal().click() // the backdrop
    expect(onClose).toHaveBeenCalledTimes(2)
  })

  it('removes an old modal and iframe first, and for good on destroy', () => {
    iframe({ walletUrl: 'https://wallet.example', brandName: 'Argent', probe })
    const dialog = iframe({ walletUrl: 'https://wallet.example', brandName: 'Argent', probe })
    expect(document.querySelectorAll(`#${MODAL_ID}`)).toHaveLength(1)
    expect(document.querySelectorAll(`#${IFRAME_ID}`)).toHaveLength(1)
    dialog.destroy()
    expect(document.getElementById(MODAL_ID)).toBeNull()
    iframe({ walletUrl: 'https://wallet.example', brandName: 'Argent', probe })
    removeStale(document)
    expect(document.getElementById(IFRAME_ID)).toBeNull()
  })
})
