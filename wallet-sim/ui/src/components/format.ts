// Display helpers: token amounts, US dollars, dates and durations (addresses and known tokens: the core's tokens.ts).
import { tokenOf } from '@webwallet/wallet-sim/core'

/** `1.5 STRK` for known tokens, the raw integer otherwise. */
export function formatAmount(amount: bigint | string, token: string): string {
  const value = BigInt(amount)
  const known = tokenOf(token)
  if (known === undefined) return value.toString()
  const unit = 10n ** BigInt(known.decimals)
  const fraction = (value % unit).toString().padStart(known.decimals, '0').replace(/0+$/, '')
  return `${value / unit}${fraction ? `.${fraction}` : ''} ${known.symbol}`
}

/**
 * A token amount for reading, not for checking: at most `digits` decimals, `< 0.0001 STRK` below that.
 * Fees round up (a fee shown is never less than the fee paid), balances down (never more than held).
 *
 * @example formatRounded(9_653_056_000_000_000n, { symbol: 'STRK', decimals: 18 }) // '0.0097 STRK'
 */
export function formatRounded(
  amount: bigint,
  token: { symbol: string; decimals: number },
  round: 'up' | 'down' = 'up',
  digits = 4,
): string {
  const step = 10n ** BigInt(Math.max(token.decimals - digits, 0))
  if (amount > 0n && amount < step) return `< ${formatUnits(step, token.decimals)} ${token.symbol}`
  const rounded = ((round === 'up' ? amount + step - 1n : amount) / step) * step
  return `${formatUnits(rounded, token.decimals)} ${token.symbol}`
}

const formatUnits = (value: bigint, decimals: number): string => {
  const unit = 10n ** BigInt(decimals)
  const fraction = (value % unit).toString().padStart(decimals, '0').replace(/0+$/, '')
  const whole = (value / unit).toLocaleString('en-US')
  return fraction ? `${whole}.${fraction}` : whole
}

/**
 * US dollars: cents, `< $0.01` for less than a cent.
 *
 * @example formatUsd(0.0029) // '< $0.01'
 */
export function formatUsd(value: number): string {
  if (value > 0 && value < 0.01) return '< $0.01'
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value)
}

/** The USD value of `amount` base units of a token worth `usd` per whole token. */
export function usdValue(amount: bigint, decimals: number, usd: number): number {
  // Through 6 decimals of fixed point: exact enough for a display, safe for any amount bigint holds.
  const micro = (amount * 1_000_000n) / 10n ** BigInt(decimals)
  return (Number(micro) / 1_000_000) * usd
}

/** `25 Nov 2026, 11:20` in the user's time zone. */
export function formatDate(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(date)
}

/**
 * `in 3 hours`, `5 minutes ago`: how far `date` is from `now`, in the largest whole unit. `now` is always
 * given: for what the chain checks, the chain's time (the core's chainClock), not this device's.
 */
export function fromNow(date: Date, now: Date): string {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000)
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 365 * 86_400],
    ['month', 30 * 86_400],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ]
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit)
  }
  return format.format(seconds, 'second')
}

/**
 * `30 days`, `1 day 6 hours`, `2 hours 30 minutes`: how long from `now` until `at`, rounded to the minute
 * (`0 minutes` if past), in at most two units. Rounded, not cut: a session the app asked for one day, read a
 * few seconds later by the chain's clock, lasts `1 day`, not `23 hours`. `now` is the chain's time (chainClock).
 *
 * @example durationWords(new Date('2026-01-02T00:00Z'), new Date('2026-01-01T00:00:05Z')) // '1 day'
 */
export function durationWords(at: Date, now: Date): string {
  const minutes = Math.max(0, Math.round((at.getTime() - now.getTime()) / 60_000))
  const words = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`
  const pair = (big: number, bigUnit: string, small: number, smallUnit: string) =>
    small === 0 ? words(big, bigUnit) : `${words(big, bigUnit)} ${words(small, smallUnit)}`
  if (minutes < 60) return words(minutes, 'minute')
  if (minutes < 1440) return pair(Math.floor(minutes / 60), 'hour', minutes % 60, 'minute')
  // Hours rounded too: 1 day 23 h 40 min reads 2 days.
  const hours = Math.round(minutes / 60)
  return pair(Math.floor(hours / 24), 'day', hours % 24, 'hour')
}
