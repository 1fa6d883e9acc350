import type { PopupPlacement } from './types'

/** The opener's parts the popup dialog uses (the page's window by default). */
export type OpenerWindow = Pick<Window, 'open' | 'addEventListener' | 'removeEventListener'> & {
  screenX?: number
  screenY?: number
  outerWidth?: number
  outerHeight?: number
}

/** Popup window name, so the browser reuses one window. */
export const POPUP_NAME = 'webwallet'

/**
 * Opens the wallet's popup window blank, centred on the opener, at the placement's size; null when the
 * browser blocks it. Opening by {@link POPUP_NAME} again returns this window (no new popup).
 *
 * @example
 * button.onclick = () => openPopupWindow(window, { route: '/signSessionKeys', width: 385, height: 440 })
 */
export function openPopupWindow(opener: OpenerWindow, { width, height }: PopupPlacement): Window | null {
  const left = Math.round((opener.screenX ?? 0) + ((opener.outerWidth ?? width) - width) / 2)
  const top = Math.round((opener.screenY ?? 0) + ((opener.outerHeight ?? height) - height) / 2)
  return opener.open(
    '',
    POPUP_NAME,
    `popup=1,width=${width},height=${height},left=${Math.max(left, 0)},top=${Math.max(top, 0)}`,
  )
}
