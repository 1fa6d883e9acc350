import type { RateLimit } from './limits'

/** Keys with no event inside their window are dropped once this many keys are tracked. */
const SWEEP_AT = 1_000

/**
 * A sliding-window limiter: at most `max` events per key in any `windowMs`.
 *
 * @example
 * const perEmail = createRateLimiter({ max: 5, windowMs: 600_000 }, Date.now)
 * const wait = perEmail.retryAfterMs('ann@example.com') // 0: go ahead
 * if (wait === 0) perEmail.record('ann@example.com')
 */
export function createRateLimiter(limit: RateLimit, clock: () => number) {
  const events = new Map<string, number[]>()
  const recent = (key: string, now: number): number[] => {
    const kept = (events.get(key) ?? []).filter((at) => at > now - limit.windowMs)
    if (kept.length === 0) events.delete(key)
    else events.set(key, kept)
    return kept
  }
  return {
    /** Milliseconds until `key` may have another event; 0 when it may now. */
    retryAfterMs(key: string): number {
      const now = clock()
      const kept = recent(key, now)
      if (kept.length < limit.max) return 0
      // The window frees a slot when the oldest event that keeps it full leaves it.
      return (kept[kept.length - limit.max] ?? now) + limit.windowMs - now
    },
    record(key: string): void {
      const now = clock()
      events.set(key, [...recent(key, now), now])
      if (events.size > SWEEP_AT) for (const tracked of [...events.keys()]) recent(tracked, now)
    },
    /** Keys tracked now (for tests of the memory bound). */
    size: () => events.size,
  }
}

export type RateLimiter = ReturnType<typeof createRateLimiter>
