// The chain's clock as the wallet page knows it: what the chain or the cosigner checks against time (a session's
// expiry, an outside execution's window) is shown by the chain's clock, never the device's, which may be off (and a
// simulator's chain may be moved). The page moves the server's `chainTime` on by a monotonic count of seconds;
// without it, screens show the signed dates only. The device's clock serves only the approve delay and pointer
// timing (ui/src/components/useApproveGuard.ts), nothing signed or checked by the chain.

/** The chain's time, read on demand. */
export interface ChainClock {
  /** The chain's time now, in whole seconds since the epoch. */
  now(): number
}

/**
 * The chain's clock from the server's chain time (seconds) and when it arrived, moved on by `elapsedMs` (default
 * `performance.now`, which the device's date setting does not move); undefined without a chain time.
 *
 * @example
 * const clock = chainClockFrom(account.chainTime)
 * clock?.now() // 1798293600
 */
export function chainClockFrom(
  chainTime: number | undefined,
  elapsedMs: () => number = () => performance.now(),
): ChainClock | undefined {
  if (chainTime === undefined) return undefined
  const receivedAt = elapsedMs()
  return { now: () => chainTime + Math.floor(Math.max(0, elapsedMs() - receivedAt) / 1000) }
}

/** How often an open screen reads the chain's clock again (a window may close while it is shown). */
export const CHAIN_TICK_MS = 15_000
