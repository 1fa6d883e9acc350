/** A change the wallet asks for through the `updateModal` subscription (show carries the screen's title). */
export type ModalUpdate =
  | { action: 'show' | 'hide'; title?: string }
  | { action: 'updateHeight'; height: number }
  | { action: 'updateWidth'; width: number }
  | { action: 'updateSize'; height: number; width: number }

/** A popup route and its window size (docs/protocol.md, Parties and routes). */
export type PopupPlacement = { route: string; width: number; height: number }

/**
 * How the hosted wallet is shown. The Messenger posts to `window()` and waits for `ready()`;
 * `onClose` fires with 'User rejected request' when the user closes it, so pending requests reject.
 */
export type Dialog = {
  readonly kind: 'iframe' | 'popup'
  /** Shows the wallet (popup: opens or reuses the window, synchronously, inside the user's click). */
  open(placement?: PopupPlacement): void
  /** The wallet's window, the only accepted `event.source`. */
  window(): Window | null
  /** Resolves when the wallet page has loaded. */
  ready(): Promise<void>
  /** Follows the wallet's `updateModal` instructions (iframe only; popups ignore them). */
  update(update: ModalUpdate): void
  /** Subscribes to the user closing the wallet; returns the unsubscribe. */
  onClose(listener: (error: Error) => void): () => void
  /**
   * True once the dialog is no longer in the page: another connector opening its own wallet removed it
   * (docs/protocol.md, Connection states: a new connector removes an old one's). Popups: always false.
   */
  removed(): boolean
  /** Removes the wallet from the page for good. */
  destroy(): void
}
