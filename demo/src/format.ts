// Display helpers of the demo: token amounts in whole units, dates in the user's locale (short hashes and
// addresses: protocol's compactAddress).

/** `1535000000000000000000` with 18 decimals → `1,535`; at most `digits` fraction digits, trailing zeros cut. */
export function formatUnits(amount: string | bigint, decimals: number, digits = 4): string {
  const value = BigInt(amount)
  const negative = value < 0n
  const abs = negative ? -value : value
  const unit = 10n ** BigInt(decimals)
  const whole = (abs / unit).toLocaleString('en-US')
  const fraction = (abs % unit).toString().padStart(decimals, '0').slice(0, digits).replace(/0+$/, '')
  const text = fraction ? `${whole}.${fraction}` : whole
  // A dust amount is not zero: say so rather than showing 0.
  if (text === '0' && abs > 0n) return `${negative ? '-' : ''}<0.${'0'.repeat(digits - 1)}1`
  return `${negative ? '-' : ''}${text}`
}

/** `25 Nov 2026, 11:20`. */
export function formatDate(date: Date | number): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(date)
}

/**
 * `$1,234.50` for `amount` base units of a token worth `usd` (the backend's `ccyValue`) per whole token;
 * `< $0.01` for dust, undefined when there is no usable price.
 */
export function formatUsdValue(
  amount: string | bigint,
  decimals: number,
  usd: string | undefined,
): string | undefined {
  const price = Number(usd)
  if (usd === undefined || !Number.isFinite(price)) return undefined
  // Six decimals of fixed point: exact enough to display, safe for any amount a bigint holds.
  const value = (Number((BigInt(amount) * 1_000_000n) / 10n ** BigInt(decimals)) / 1_000_000) * price
  if (value !== 0 && Math.abs(value) < 0.01) return '< $0.01'
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value)
}
