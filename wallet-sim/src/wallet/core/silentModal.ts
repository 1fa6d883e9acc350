import type { ModalEvent } from '@webwallet/protocol'

/**
 * The updateModal stream of a wallet without a modal (headless, a page without screens): open and silent
 * until the client stops it.
 *
 * @example
 * updateModal: (_ctx, signal) => silentModal(signal)
 */
export async function* silentModal(signal: AbortSignal | undefined): AsyncIterable<ModalEvent> {
  if (signal === undefined || signal.aborted) return
  await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }))
}
