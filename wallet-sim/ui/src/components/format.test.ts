import { expect, it } from 'vitest'
import { durationWords, fromNow } from './format'

it('fromNow says years and months for far dates, hours for near ones', () => {
  const now = new Date('2026-01-01T00:00:00Z')
  expect(fromNow(new Date('2029-01-01T00:00:00Z'), now)).toBe('in 3 years')
  expect(fromNow(new Date('2026-03-05T00:00:00Z'), now)).toBe('in 2 months')
  expect(fromNow(new Date('2026-01-01T05:00:00Z'), now)).toBe('in 5 hours')
  expect(fromNow(new Date('2025-12-31T23:50:00Z'), now)).toBe('10 minutes ago')
})

it('durationWords says days, hours or minutes from the given now, 0 minutes once past', () => {
  const now = new Date('2026-01-01T00:00:00Z')
  expect(durationWords(new Date('2026-01-31T00:00:00Z'), now)).toBe('30 days')
  expect(durationWords(new Date('2026-01-02T00:00:00Z'), now)).toBe('1 day')
  expect(durationWords(new Date('2026-01-01T02:30:00Z'), now)).toBe('2 hours')
  expect(durationWords(new Date('2026-01-01T00:01:59Z'), now)).toBe('1 minute')
  expect(durationWords(new Date('2025-12-01T00:00:00Z'), now)).toBe('0 minutes')
})
