// The popup's half of "every consent detail visible": where the iframe asks the app's modal to grow
// (updateModal), a popup grows its own window to its content, as far as the screen allows. Browsers let a
// script resize only a popup window opened by script (not a tab, as on phones); where they refuse, the
// window keeps its size and the screen's body scrolls, with its shadows as the cue.

/**
 * How a screen asks for the room its content needs: `overflow` px more, never past `limit` (the display's
 * height). The iframe's modal size store and a popup's window each give one.
 */
export type Fit = (overflow: number, limit: number) => void

export type ResizableWindow = Pick<Window, 'outerWidth' | 'outerHeight' | 'resizeTo'> & {
  screen: Pick<Screen, 'availHeight'>
}

/**
 * A Fit that grows the popup window by the overflow of the screen's body, never past the screen's height.
 *
 * @example
 * <App modalFit={window.opener ? createPopupFit(window) : undefined} … />
 */
export function createPopupFit(win: ResizableWindow): Fit {
  return (overflow) => {
    if (!(overflow > 1)) return
    const limit = win.screen.availHeight
    const height = Math.min(win.outerHeight + Math.ceil(overflow), limit)
    if (height > win.outerHeight) win.resizeTo(win.outerWidth, height)
  }
}
