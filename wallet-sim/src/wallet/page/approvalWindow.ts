// Finishing an approval in the wallet's own window: when the browser cannot prove the frame visible (a host page
// that blurs or fades its ancestor, as starknetkit 2.8.0's modal does), the frame opens /approvalWindow from the
// user's click and hands it the prompt; the window's answer settles that prompt here, so the same checks and
// signing follow. starknetkit has no message to move the dialog (Porto's `switch`), so the frame opens it itself.
import { POPUP_SIZES } from '@webwallet/protocol'
import type { PendingPrompt, PromptQueue } from '../core'
import { post, readMessage } from './approvalWindowMessages'
import type { StoredLogin } from './loginStorage'

/**
 * The approval window's route on the wallet's origin: a top-level page served like the popup routes (nobody
 * may frame it).
 *
 * @example
 * window.open(`${location.origin}${APPROVAL_WINDOW_ROUTE}`, '_blank', 'popup')
 */
export const APPROVAL_WINDOW_ROUTE = '/approvalWindow'

/** Where the approval of one prompt stands: its window open, or refused by the browser's popup blocker. */
export interface ApprovalWindowState {
  promptId: number
  status: 'open' | 'blocked'
}

/** The parts of `window` the frame's side uses (a fake one in tests). */
export interface FrameWindow {
  readonly location: { readonly origin: string }
  open(url: string, target: string, features: string): Window | null
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

export interface ApprovalWindowOptions {
  window: FrameWindow
  prompts: PromptQueue
  /** The frame's login: the window acts for the same user. */
  login: () => StoredLogin | undefined
  /** How often a closed window is noticed (the frame then offers it again). Default 500 ms. */
  pollMs?: number
}

interface Open {
  prompt: PendingPrompt
  nonce: string
  popup: Window | null
}

/**
 * The frame's side. `open(prompt)` must run in the user's click (popup blockers allow a window opened from a
 * click inside the frame); the window's answer settles `prompt`, and only that window's answer does: its
 * messages must come from the `Window` `open` returned, from this origin, with this opening's random nonce.
 *
 * @example
 * const approvalWindow = createApprovalWindow({ window, prompts, login: storage.read })
 * button.onclick = () => approvalWindow.open(prompts.current()!)
 */
export function createApprovalWindow(options: ApprovalWindowOptions) {
  const win = options.window
  const origin = win.location.origin
  const listeners = new Set<() => void>()
  let current: Open | undefined
  let state: ApprovalWindowState | undefined
  let poll: ReturnType<typeof setInterval> | undefined

  const changed = () => {
    state = current ? { promptId: current.prompt.id, status: current.popup ? 'open' : 'blocked' } : undefined
    for (const listener of [...listeners]) listener()
  }
  const forget = (notify: boolean) => {
    if (!current) return
    const { popup, nonce } = current
    // The prompt ended here (answered in the frame, given up by the app): its window has nothing left to do.
    if (notify && popup && !popup.closed) post(popup, origin, { kind: 'closed', nonce })
    current = undefined
    clearInterval(poll)
    poll = undefined
    changed()
  }

  const onMessage = (event: MessageEvent) => {
    if (!current?.popup || event.source !== current.popup || event.origin !== origin) return
    const message = readMessage(event.data)
    if (!message) return
    const { prompt, nonce, popup } = current
    if (message.kind === 'ready') {
      const login = options.login()
      if (!login) return
      const { id: _id, origin: asking, createdAt: _createdAt, answer: _answer, ...request } = prompt
      post(popup, origin, { kind: 'prompt', nonce, origin: asking, request, login })
    } else if (message.kind === 'answer' && message.nonce === nonce) {
      forget(false)
      prompt.answer(message.approved)
    }
  }
  win.addEventListener('message', onMessage)
  const unsubscribe = options.prompts.subscribe(() => {
    if (current && options.prompts.current() !== current.prompt) forget(true)
  })

  return {
    /** Opens the window for `prompt` (the one on screen), or brings it forward when it is open already. */
    open(prompt: PendingPrompt): void {
      if (current?.prompt === prompt && current.popup && !current.popup.closed) {
        current.popup.focus()
        return
      }
      forget(true)
      const { width, height } = POPUP_SIZES.review
      const popup = win.open(
        `${origin}${APPROVAL_WINDOW_ROUTE}`,
        '_blank',
        `popup,width=${width},height=${height}`,
      )
      current = { prompt, nonce: crypto.randomUUID(), popup }
      if (popup) {
        // Closed without an answer: the frame offers it again (its own Reject works all along).
        poll = setInterval(() => {
          if (current?.popup?.closed) forget(false)
        }, options.pollMs ?? 500)
      }
      changed()
    },
    /** The open window's state, for the prompt it was opened for. */
    current: (): ApprovalWindowState | undefined => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispose(): void {
      forget(true)
      unsubscribe()
      win.removeEventListener('message', onMessage)
    },
  }
}

export type ApprovalWindow = ReturnType<typeof createApprovalWindow>
