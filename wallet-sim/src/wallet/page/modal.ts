// The iframe modal's show / hide / size events (the `updateModal` subscription), derived from the
// prompts: hidden while nothing needs the user, shown at the screen's size and with its title when
// something does.
import type { ModalEvent } from '@webwallet/protocol'
import { type Prompt, type PromptQueue, signMessageView } from '../core'

/** Width x height of each screen (docs/protocol.md, Parties and routes: iframe 380x420, signing 385x440, review 385x775). */
export const SCREEN_SIZES: Record<Prompt['kind'], { width: number; height: number }> = {
  login: { width: 380, height: 420 },
  connect: { width: 380, height: 420 },
  signTypedData: { width: 385, height: 440 },
  signSession: { width: 385, height: 440 },
  execute: { width: 385, height: 775 },
}

/** The /signMessage screen's heading for each kind of view. */
export const SIGN_TITLES = {
  outsideExecution: 'Sign a transaction',
  message: 'Sign message',
  refused: 'Cannot be signed',
} as const

/**
 * The modal's title for a prompt, the same words as the screen's heading: an outside execution is signed as
 * a transaction, never as "a message".
 *
 * @example modalTitle({ kind: 'execute', calls }) // 'Confirm transaction'
 */
export function modalTitle(request: Prompt): string {
  switch (request.kind) {
    case 'login':
      return 'Log in'
    case 'connect':
      return 'Connect'
    case 'signSession':
      return 'Start a session'
    case 'execute':
      return 'Confirm transaction'
    case 'signTypedData':
      // The screen's heading, from the same canonical view: typed data the reader refuses is never "a message".
      return SIGN_TITLES[signMessageView(request.typedData, '').kind]
  }
}

/** The events to send when the current prompt becomes `request` (undefined = none). */
export function modalEventsFor(request: Prompt | undefined): ModalEvent[] {
  if (request === undefined) return [{ action: 'hide' }]
  return [
    { action: 'updateSize', ...SCREEN_SIZES[request.kind] },
    { action: 'show', title: modalTitle(request) },
  ]
}

/** What a change of prompt changes in the modal: its size (the kind) and its title. */
const modalKey = (request: Prompt | undefined) =>
  request === undefined ? undefined : `${request.kind}:${modalTitle(request)}`

/**
 * The modal's height for the current screen: its default, grown when the screen reports overflowing content so
 * every detail shows without a hidden scroll; never above `limit` (the display's height), where the screen scrolls.
 *
 * @example
 * const size = createModalSize(prompts)
 * size.fit(120, screen.availHeight) // the screen's body overflows by 120 px
 */
export function createModalSize(prompts: Pick<PromptQueue, 'current' | 'subscribe'>) {
  let kind = prompts.current()?.kind
  let height = kind ? SCREEN_SIZES[kind].height : 0
  const listeners = new Set<() => void>()
  prompts.subscribe(() => {
    const next = prompts.current()?.kind
    if (next === kind) return
    kind = next
    height = next ? SCREEN_SIZES[next].height : 0
  })
  return {
    height: () => height,
    /** The current screen overflows by `overflow` px: grow by that much, up to `limit`. */
    fit(overflow: number, limit: number): void {
      if (kind === undefined || !(overflow > 1)) return
      const next = Math.min(Math.ceil(height + overflow), Math.floor(limit))
      if (next <= height) return
      height = next
      for (const listener of [...listeners]) listener()
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
export type ModalSize = ReturnType<typeof createModalSize>

/**
 * An updateModal stream: the current state at once, then every change, until `signal` aborts. With a
 * `size`, a screen that asked for more room gets it (`updateHeight`).
 *
 * @example
 * createPageMode({ api, prompts, isListed, modal: (signal) => modalEvents(prompts, signal, size) })
 */
export async function* modalEvents(
  prompts: PromptQueue,
  signal: AbortSignal | undefined,
  size?: Pick<ModalSize, 'height' | 'subscribe'>,
): AsyncIterable<ModalEvent> {
  const pending: ModalEvent[] = [...modalEventsFor(prompts.current())]
  const grown = () => {
    const kind = prompts.current()?.kind
    const height = size?.height() ?? 0
    return kind !== undefined && height > SCREEN_SIZES[kind].height ? height : undefined
  }
  if (grown() !== undefined) pending.push({ action: 'updateHeight', height: grown()! })
  let wake: (() => void) | undefined
  let last = modalKey(prompts.current())
  const unsubscribe = prompts.subscribe(() => {
    const key = modalKey(prompts.current())
    if (key === last) return
    last = key
    pending.push(...modalEventsFor(prompts.current()))
    wake?.()
  })
  const unsubscribeSize = size?.subscribe(() => {
    const height = grown()
    if (height === undefined) return
    pending.push({ action: 'updateHeight', height })
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
    unsubscribeSize?.()
    signal?.removeEventListener('abort', onAbort)
  }
}
