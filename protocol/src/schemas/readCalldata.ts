import { type CalldataPath, compileCalldata } from './compileCalldata'

// A call's calldata read for the wallet and the SDK alike: compiled, or refused with one sentence that
// names the call and the place (zod-free, so the SDK's account bundles it without the schemas).

/** A refusal: the sentence and where. */
export type CalldataIssue = { message: string; path: (string | number)[] }

/** The calldata path as code would write it: `calldata[2].low`. */
export function calldataPlace(at: CalldataPath): string {
  return `calldata${at.map((key) => (typeof key === 'number' ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`)).join('')}`
}

/** A value as a refusal shows it: strings quoted (cut past 66 characters), bigints with their `n`. */
export function shownValue(value: unknown): string {
  if (typeof value === 'string') {
    const quoted = JSON.stringify(value)
    return quoted.length > 68 ? `${quoted.slice(0, 66)}…"` : quoted
  }
  if (typeof value === 'bigint') return `${value}n`
  if (Array.isArray(value)) return 'a list'
  return typeof value === 'object' && value !== null ? 'an object' : String(value)
}

function valueAt(calldata: unknown, at: CalldataPath): unknown {
  let value = calldata
  for (const key of at)
    value = typeof value === 'object' && value !== null ? (value as never)[key] : undefined
  return value
}

/**
 * The felts of call `index`'s calldata (absent: none), or the issue: `Call 0, calldata[1].low: "1 " is
 * refused, text that reads as a number (…).`
 *
 * @example
 * readCalldata([{ low: 1, high: 0 }], 0) // { felts: [1n, 0n] }
 */
export function readCalldata(
  calldata: unknown,
  index: number,
): { felts: bigint[] } | { issue: CalldataIssue } {
  const reading = compileCalldata(calldata ?? [])
  if ('felts' in reading) return reading
  const place = calldataPlace(reading.at)
  const shown = reading.at.length ? `${shownValue(valueAt(calldata, reading.at))} is ` : ''
  return {
    issue: {
      message: `Call ${index}, ${place}: ${shown}refused, ${reading.refused}.`,
      path: [index, 'calldata', ...reading.at],
    },
  }
}
