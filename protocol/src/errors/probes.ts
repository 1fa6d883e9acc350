import { defineError, type ErrorOptions } from './base'

// The account's interface probes before an outside execution (docs/protocol.md, Chain node:
// `supports_interface` and `is_valid_outside_execution_nonce`). The original protocol gives no text for their failures.

/**
 * The account does not answer true to `supports_interface(SNIP-9 v2)` (`0x1d1144bb…`), so it has no
 * `execute_from_outside_v2`; `cause` is the node's error when the call itself failed.
 *
 * @example
 * new OutsideExecutionUnsupportedError('0x1').message // 'Account 0x1 does not support outside execution'
 */
export const OutsideExecutionUnsupportedError = /* @__PURE__ */ defineError(
  'OUTSIDE_EXECUTION_UNSUPPORTED',
  (address: string, o?: ErrorOptions) => ({
    message: `Account ${address} does not support outside execution`,
    data: { address },
    cause: o?.cause,
  }),
  (d) => [String(d.address ?? '')],
)
/** An instance of {@link OutsideExecutionUnsupportedError}. */
export type OutsideExecutionUnsupportedError = InstanceType<typeof OutsideExecutionUnsupportedError>

/**
 * The account answers false to `is_valid_outside_execution_nonce(nonce)`: that nonce was used already, so
 * the outside execution could never run.
 *
 * @example
 * new OutsideExecutionNonceUsedError('0x7').message // 'Outside execution nonce 0x7 is already used'
 */
export const OutsideExecutionNonceUsedError = /* @__PURE__ */ defineError(
  'OUTSIDE_EXECUTION_NONCE_USED',
  (nonce: string, o?: ErrorOptions) => ({
    message: `Outside execution nonce ${nonce} is already used`,
    data: { nonce },
    cause: o?.cause,
  }),
  (d) => [String(d.nonce ?? '')],
)
/** An instance of {@link OutsideExecutionNonceUsedError}. */
export type OutsideExecutionNonceUsedError = InstanceType<typeof OutsideExecutionNonceUsedError>
