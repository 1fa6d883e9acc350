import { OUTSIDE_EXECUTION_AHEAD_MS, OUTSIDE_EXECUTION_BACK_MS } from '@webwallet/protocol/constants'
import { toHex } from '@webwallet/protocol/session'
import { CLOCK_CALL } from '../session/clock'
import type { OutsideExecutionOptions } from './outside'
import type { RpcCall } from './rpc'

// The times the SDK computes, and whose clock each follows:
// - outside execution `execute_after` / `execute_before` (here): the account contract and the cosigner check
//   them against the block timestamp, so they come from the chain (a block read per payload, none when the
//   caller gave both bounds); a node that cannot answer fails the payload with its coded error.
// - the session's `expires_at` (session/request.ts) and its status (session/status.ts): checked by the
//   account and the cosigner against block time; WebWallet passes its chain clock (session/clock.ts).
// - the check before a send (guard.ts): the block read in execute's own batch.
// - the gasless route's window: the paymaster writes it into its typed data; the SDK computes none.
// - device-clock uses that stay: the allow-list's cache age and request timeouts (nothing on chain checks them).

/**
 * The reads an outside execution's window needs: the chain's clock, unless the caller gave both bounds.
 *
 * @example
 * windowReads({ executeAfter: 0, executeBefore: 2_000_000_000 }) // []
 */
export function windowReads(options: OutsideExecutionOptions): RpcCall[] {
  return options.executeAfter === undefined || options.executeBefore === undefined ? [CLOCK_CALL] : []
}

/**
 * `execute_after` / `execute_before` of an outside execution (felt hex): the protocol's window (docs/protocol.md, Validation rules), 10 minutes back
 * and 20 ahead of `chainSeconds` (the timestamp of the block a relayed transaction lands in, read whenever
 * {@link windowReads} asks for it); a bound the caller gave is used as is.
 *
 * @example
 * outsideWindow({}, 1_800_000_000) // { execute_after: toHex(1_799_999_400), execute_before: toHex(1_800_001_200) }
 */
export function outsideWindow(
  options: OutsideExecutionOptions,
  chainSeconds: number,
): { execute_after: string; execute_before: string } {
  return {
    execute_after: toHex(options.executeAfter ?? chainSeconds - OUTSIDE_EXECUTION_BACK_MS / 1000),
    execute_before: toHex(options.executeBefore ?? chainSeconds + OUTSIDE_EXECUTION_AHEAD_MS / 1000),
  }
}
