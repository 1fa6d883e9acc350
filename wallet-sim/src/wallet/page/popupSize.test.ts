import { describe, expect, it, vi } from 'vitest'
import { createPopupFit } from './popupSize'

const popup = (outerHeight: number, availHeight = 900) => {
  const win = {
    outerWidth: 385,
    outerHeight,
    screen: { availHeight },
    resizeTo: vi.fn((width: number, height: number) => {
      win.outerWidth = width
      win.outerHeight = height
    }),
  }
  return win
}

describe('createPopupFit', () => {
  it('grows the window by the overflow, keeping its width', () => {
    const win = popup(440)
    createPopupFit(win)(180.4, 900)
    expect(win.resizeTo).toHaveBeenCalledWith(385, 621)
  })

  it('never past the screen, and not at all for no overflow or once at the screen height', () => {
    const win = popup(440, 667)
    const fit = createPopupFit(win)
    fit(1, 900)
    expect(win.resizeTo).not.toHaveBeenCalled()
    fit(500, 900)
    expect(win.resizeTo).toHaveBeenLastCalledWith(385, 667)
    fit(200, 900)
    expect(win.resizeTo).toHaveBeenCalledTimes(1)
  })
})
