// The approval window's side (/approvalWindow, opened by a wallet frame: approvalWindow.ts). It takes one
// prompt from its opener, shows it to the same user (the frame's login, kept in memory only), and posts the
// answer back. A top-level window that nobody may frame (CSP frame-ancestors 'none', X-Frame-Options DENY):
// here the guard's visibility proof holds as for any popup. Opened by anything else than a wallet frame (a
// page of another origin, the address bar, a frame) it has nothing to approve.

import { createPromptQueue, type Prompt, type PromptQueue } from '../core'
import { post, readMessage } from './approvalWindowMessages'
import type { StoredLogin } from './loginStorage'

/** What the window shows: waiting for its prompt, the prompt, its answer, or nothing to approve. */
export type ApprovalWindowPhase =
  | { phase: 'waiting' }
  | { phase: 'asking'; login: StoredLogin; prompts: PromptQueue }
  | { phase: 'answered'; approved: boolean }
  | { phase: 'none' }

/** The parts of `window` the window's side uses (a fake one in tests). */
export interface PopupWindow {
  readonly opener: MessageEventSource | null
  readonly top: unknown
  readonly self: unknown
  readonly location: { readonly origin: string }
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  close(): void
}

/**
 * Listens to the opener for its prompt. The opener must be a page of this origin (`postMessage` delivers the
 * `ready` only there, and only its messages are read); the first prompt is the only one.
 *
 * @example
 * const page = receiveApproval({ window })
 * useSyncExternalStore(page.subscribe, page.current)
 */
export function receiveApproval({ window: win, pollMs = 500 }: { window: PopupWindow; pollMs?: number }) {
  const origin = win.location.origin
  const opener = win.opener
  const listeners = new Set<() => void>()
  let phase: ApprovalWindowPhase = opener && win.top === win.self ? { phase: 'waiting' } : { phase: 'none' }
  const set = (next: ApprovalWindowPhase) => {
    phase = next
    for (const listener of [...listeners]) listener()
  }

  if (opener && phase.phase === 'waiting') {
    let nonce: string | undefined
    win.addEventListener('message', (event) => {
      if (event.source !== opener || event.origin !== origin) return
      const message = readMessage(event.data)
      if (message?.kind === 'prompt' && nonce === undefined) {
        nonce = message.nonce
        const prompts = createPromptQueue()
        const asked = message.nonce
        prompts.ask(message.request as Prompt, message.origin).then((approved) => {
          post(opener, origin, { kind: 'answer', nonce: asked, approved })
          set({ phase: 'answered', approved })
          win.close()
        })
        set({ phase: 'asking', login: message.login, prompts })
      } else if (message?.kind === 'closed' && message.nonce === nonce) {
        set({ phase: 'none' })
        win.close()
      }
    })
    // The frame is gone (its page closed or navigated): nobody waits for an answer any more.
    const poll = setInterval(() => {
      if (!(opener as Window).closed) return
      clearInterval(poll)
      if (phase.phase !== 'answered') set({ phase: 'none' })
    }, pollMs)
    post(opener, origin, { kind: 'ready' })
  }

  return {
    current: (): ApprovalWindowPhase => phase,
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export type ApprovalWindowPage = ReturnType<typeof receiveApproval>
