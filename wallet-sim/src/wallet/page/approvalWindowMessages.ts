// The messages between a wallet frame and the approval window it opened (approvalWindow.ts): both are pages
// of the wallet's origin, and each reads only the other's exact window at that origin. Read by a schema all
// the same: a message that is not one of these is ignored, never half-used.
import type { PromptKind } from '@webwallet/protocol/wallet'
import * as z from 'zod/mini'
import type { Prompt } from '../core'
import { type StoredLogin, StoredLoginSchema } from './loginStorage'

const CHANNEL = 'wallet-sim:approval-window'
const KINDS = ['login', 'connect', 'signTypedData', 'signSession', 'execute'] as const satisfies PromptKind[]

const Message = z.discriminatedUnion('kind', [
  // The window is loaded and listens (to its opener only).
  z.object({ channel: z.literal(CHANNEL), kind: z.literal('ready') }),
  // The frame's prompt, who asks, and the frame's login: the window acts for the same user.
  z.object({
    channel: z.literal(CHANNEL),
    kind: z.literal('prompt'),
    nonce: z.string(),
    origin: z.string(),
    request: z.looseObject({ kind: z.enum(KINDS) }),
    login: StoredLoginSchema,
  }),
  // The user's answer in the window, for the opening of that nonce.
  z.object({
    channel: z.literal(CHANNEL),
    kind: z.literal('answer'),
    nonce: z.string(),
    approved: z.boolean(),
  }),
  // The prompt ended in the frame (answered there, given up by the app): the window closes.
  z.object({ channel: z.literal(CHANNEL), kind: z.literal('closed'), nonce: z.string() }),
])

/** One message of the approval window's exchange, without its channel tag. */
export type ApprovalWindowMessage =
  | { kind: 'ready' }
  | { kind: 'prompt'; nonce: string; origin: string; request: Prompt; login: StoredLogin }
  | { kind: 'answer'; nonce: string; approved: boolean }
  | { kind: 'closed'; nonce: string }

/**
 * The message in `data`, or undefined for anything else (the dapp's tRPC envelopes reach the same window).
 *
 * @example
 * const message = readMessage(event.data)
 * if (message?.kind === 'answer') settle(message.approved)
 */
export function readMessage(data: unknown): ApprovalWindowMessage | undefined {
  const parsed = Message.safeParse(data)
  // The prompt's details were built by this origin's own frame from a request it already checked.
  return parsed.success ? (parsed.data as ApprovalWindowMessage) : undefined
}

/**
 * Posts `message` to `target`, delivered only while `target` shows a page of `origin` (the wallet's).
 *
 * @example
 * post(popup, location.origin, { kind: 'closed', nonce })
 */
export function post(target: MessageEventSource, origin: string, message: ApprovalWindowMessage): void {
  ;(target as Window).postMessage({ channel: CHANNEL, ...message }, { targetOrigin: origin })
}
