import { OUTSIDE_EXECUTION_AHEAD_MS, OUTSIDE_EXECUTION_BACK_MS } from '@webwallet/protocol/constants'
import { toHex } from '@webwallet/protocol/session'
import { CLOCK_CALL } from '../session/clock'
import type { OutsideExecutionOptions } from './outside'
import type { RpcCall } from './rpc'

// Outside-execution windows follow the chain's clock (account and cosigner check block time), as do the
// session's expiry (session/clock.ts) and the pre-send check (guard.ts); the gasless window is the paymaster's.
// Only the allow-list's cache age and request timeouts use the device's clock.

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
 * `execute_after` / `execute_before` (felt hex): the protocol's window (docs/protocol.md, Validation rules), 10
 * minutes back and 20 ahead of `chainSeconds` (block time, see {@link windowReads}); a given bound is kept.
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
