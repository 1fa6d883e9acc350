// The chain's clock as the wallet page knows it. Whatever the chain or the cosigner checks against time (a
// session's `Expires At`, an outside execution's `Execute After`/`Execute Before`) is judged on screen by
// the chain's clock, never by this device's: the device's may be off, and a simulator's chain may have been
// moved (`POST /dev/time`). The server says the chain's time with the account (`chainTime`); the page moves
// it on by the time elapsed here since (a monotonic count of seconds: right even when the device's date is
// wrong). Without it, screens show the signed dates only, never a guess.
//
// The device's own clock stays for what only the page measures: the approve delay and pointer timing
// (ui/src/components/useApproveGuard.ts), nothing that is signed or that the chain checks. The login token's expiry is
// judged by the server (`loginStatus`, a 401 LOGIN_EXPIRED), and the login code's expiry (`/login/start`
// answers `expiresAt`) is not shown.

/** The chain's time, read on demand. */
export interface ChainClock {
  /** The chain's time now, in whole seconds since the epoch. */
  now(): number
}

/**
 * The chain's clock from the chain time the server answered (seconds) and when the answer arrived, moved on
 * by `elapsedMs` (default `performance.now`, which the device's date setting does not move); undefined when
 * the server gave no chain time.
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
