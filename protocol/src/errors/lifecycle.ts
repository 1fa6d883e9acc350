import { defineError, type ErrorOptions } from './base'

// Errors of a session's life after it was signed.

/** Why a stored session can never work again (SESSION_INVALID's `data.reason`). */
export type SessionInvalidReason =
  /** The node answers another chain (another genesis block) than the one the session was signed on. */
  | 'CHAIN_CHANGED'
  /** The session's chain id is not the one the SDK is set to. */
  | 'CHAIN_ID'

/**
 * The stored session's chain is gone (the node restarted without its state, or serves another chain):
 * `connect()` drops the session and throws this; ask for a new one. `data.expected` is the chain the session
 * was signed on, `data.found` what the node answers.
 *
 * @example
 * const result = await wallet.connect().catch((e) => {
 *   if (e.code === 'SESSION_INVALID') return undefined // dropped: sign a new one
 *   throw e
 * })
 */
export const SessionInvalidError = /* @__PURE__ */ defineError(
  'SESSION_INVALID',
  (reason: SessionInvalidReason, expected: string, found: string, o?: ErrorOptions) => ({
    message: `The session's chain is gone (${reason}: signed on ${expected}, the node answers ${found}): sign a new session`,
    data: { reason, expected, found },
    cause: o?.cause,
  }),
  (d) => [
    d.reason === 'CHAIN_ID' ? 'CHAIN_ID' : 'CHAIN_CHANGED',
    String(d.expected ?? ''),
    String(d.found ?? ''),
  ],
)
/** An instance of {@link SessionInvalidError}. */
export type SessionInvalidError = InstanceType<typeof SessionInvalidError>
