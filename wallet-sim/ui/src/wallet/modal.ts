// The iframe modal's show / hide / size events (the `updateModal` subscription), derived from the
// prompts: hidden while nothing needs the user, shown at the screen's size when something does.
import type { ModalEvent } from '@webwallet/protocol'
import type { PromptRequest, Prompts } from './prompts'

/** Width x height of each screen (SPEC.md section 2: iframe 380x420, signing 385x440, review 385x775). */
export const SCREEN_SIZES: Record<PromptRequest['kind'], { width: number; height: number }> = {
  login: { width: 380, height: 420 },
  connect: { width: 380, height: 420 },
  signMessage: { width: 385, height: 440 },
  signSession: { width: 385, height: 440 },
  review: { width: 385, height: 775 },
}

/** The events to send when the current prompt becomes `kind` (undefined = none). */
export function modalEventsFor(kind: PromptRequest['kind'] | undefined): ModalEvent[] {
  if (kind === undefined) return [{ action: 'hide' }]
  return [{ action: 'updateSize', ...SCREEN_SIZES[kind] }, { action: 'show' }]
}

/**
 * An updateModal stream: the current state at once, then every change, until `signal` aborts.
 *
 * @example
 * updateModal: (_ctx, signal) => modalEvents(prompts, signal)
 */
export async function* modalEvents(
  prompts: Prompts,
  signal: AbortSignal | undefined,
): AsyncIterable<ModalEvent> {
  const pending: ModalEvent[] = [...modalEventsFor(prompts.current()?.kind)]
  let wake: (() => void) | undefined
  let last = prompts.current()?.kind
  const unsubscribe = prompts.subscribe(() => {
    const kind = prompts.current()?.kind
    if (kind === last) return
    last = kind
    pending.push(...modalEventsFor(kind))
    wake?.()
  })
  const onAbort = () => wake?.()
  signal?.addEventListener('abort', onAbort)
  try {
    while (!signal?.aborted) {
      const event = pending.shift()
      if (event !== undefined) {
        yield event
        continue
      }
      await new Promise<void>((resolve) => {
        wake = resolve
      })
      wake = undefined
    }
  } finally {
    unsubscribe()
    signal?.removeEventListener('abort', onAbort)
  }
}
