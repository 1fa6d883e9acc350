import { expect, it } from 'vitest'
import { durationWords, fromNow } from './format'

it('fromNow says years and months for far dates, hours for near ones', () => {
  const now = new Date('2026-01-01T00:00:00Z')
  expect(fromNow(new Date('2029-01-01T00:00:00Z'), now)).toBe('in 3 years')
  expect(fromNow(new Date('2026-03-05T00:00:00Z'), now)).toBe('in 2 months')
  expect(fromNow(new Date('2026-01-01T05:00:00Z'), now)).toBe('in 5 hours')
  expect(fromNow(new Date('2025-12-31T23:50:00Z'), now)).toBe('10 minutes ago')
})

it('durationWords rounds to the minute and says at most two units, 0 minutes once past', () => {
  const now = new Date('2026-01-01T00:00:00Z')
  expect(durationWords(new Date('2026-01-31T00:00:00Z'), now)).toBe('30 days')
  expect(durationWords(new Date('2026-01-02T00:00:00Z'), now)).toBe('1 day')
  expect(durationWords(new Date('2026-01-01T02:30:00Z'), now)).toBe('2 hours 30 minutes')
  expect(durationWords(new Date('2026-01-01T02:00:00Z'), now)).toBe('2 hours')
  expect(durationWords(new Date('2026-01-02T06:10:00Z'), now)).toBe('1 day 6 hours')
  expect(durationWords(new Date('2026-01-02T23:40:00Z'), now)).toBe('2 days')
  expect(durationWords(new Date('2026-01-01T00:01:59Z'), now)).toBe('2 minutes')
  expect(durationWords(new Date('2025-12-01T00:00:00Z'), now)).toBe('0 minutes')
})

it('a length the app asked for reads as asked a few seconds (or a minute) later by the chain', () => {
  const asked = new Date('2026-01-01T00:00:00Z')
  for (const [days, text] of [
    [1, '1 day'],
    [30, '30 days'],
    [1 / 24, '1 hour'],
    [1 / 1440, '1 minute'],
  ] as const) {
    const at = new Date(asked.getTime() + days * 86_400_000)
    for (const lateSeconds of [0, 5, 29]) {
      expect(
        durationWords(at, new Date(asked.getTime() + lateSeconds * 1000)),
        `${days} +${lateSeconds}s`,
      ).toBe(text)
    }
  }
})
