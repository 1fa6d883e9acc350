import { describe, expect, it } from 'vitest'
import { createRateLimiter } from './rateLimit'

describe('createRateLimiter', () => {
  it('allows max events per sliding window and says when the next one may go', () => {
    let now = 1_000
    const limiter = createRateLimiter({ max: 3, windowMs: 100 }, () => now)
    for (const at of [1_000, 1_010, 1_050]) {
      now = at
      expect(limiter.retryAfterMs('a')).toBe(0)
      limiter.record('a')
    }
    now = 1_060
    // Full until the event of 1 000 leaves the window at 1 100.
    expect(limiter.retryAfterMs('a')).toBe(40)
    expect(limiter.retryAfterMs('b')).toBe(0)
    now = 1_099
    expect(limiter.retryAfterMs('a')).toBe(1)
    now = 1_100
    expect(limiter.retryAfterMs('a')).toBe(0)
    limiter.record('a')
    // Now 1 010, 1 050, 1 100: the next slot frees when 1 010 leaves.
    expect(limiter.retryAfterMs('a')).toBe(10)
  })

  it('forgets keys whose window has passed, so memory stays bounded', () => {
    let now = 0
    const limiter = createRateLimiter({ max: 1, windowMs: 10 }, () => now)
    for (let i = 0; i <= 1_000; i++) limiter.record(`ip-${i}`)
    expect(limiter.size()).toBe(1_001)
    now = 10
    limiter.record('late')
    expect(limiter.size()).toBe(1)
  })
})
