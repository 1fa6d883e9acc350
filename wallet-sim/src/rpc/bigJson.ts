// JSON request bodies with integers beyond 2^53 kept exact. starknet-devnet takes devnet_mint's amount as a
// JSON number of any size (1000 STRK is 10^21 FRI), written out or in exponent form (JSON.stringify writes
// 1e21 as 1e+21), which JSON.parse would round; such a literal is read as a marked string instead, and
// `bigIntegerOf` gives it back as a bigint.
import { randomBytes } from 'node:crypto'
import express from 'express'

const MARK = '\u0000bigint:'
/** A JSON string (kept as it is), an exponent literal, or a long integer literal outside strings. */
const TOKENS = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?[eE][+-]?\d+|-?\d{16,}(?![\d.eE])/g
const EXPONENT = /^(-?)(\d+)(?:\.(\d+))?[eE]([+-]?\d+)$/

/** The exact integer an exponent literal is (1.5e21), undefined for a fraction or an absurd exponent. */
function exponentInteger(token: string): bigint | undefined {
  const [, sign, whole, fraction = '', exponent] = EXPONENT.exec(token) ?? []
  if (whole === undefined || exponent === undefined) return undefined
  const shift = Number(exponent) - fraction.length
  const digits = `${whole}${fraction}`
  if (shift > 200) return undefined
  const value =
    shift >= 0
      ? BigInt(digits) * 10n ** BigInt(shift)
      : /^0*$/.test(digits.slice(shift))
        ? BigInt(digits.slice(0, shift) || '0')
        : undefined
  return value === undefined ? undefined : sign ? -value : value
}

/** JSON.parse, but integer literals too large for a double come out as marked strings. */
export function parseJsonKeepingBigIntegers(text: string): unknown {
  return JSON.parse(
    text.replace(TOKENS, (token) => {
      if (token.startsWith('"') || Number.isSafeInteger(Number(token))) return token
      const exact = /[eE]/.test(token) ? exponentInteger(token) : BigInt(token)
      return exact === undefined ? token : `"\\u0000bigint:${exact}"`
    }),
  )
}

/** The exact value of an integer literal `parseJsonKeepingBigIntegers` marked, else undefined. */
export function bigIntegerOf(value: unknown): bigint | undefined {
  return typeof value === 'string' && value.startsWith(MARK) ? BigInt(value.slice(MARK.length)) : undefined
}

/**
 * express middleware: a JSON body (any content type, as nodes take) parsed with big integers kept. A body
 * for which `refuse` returns an error (one nested too deep) is passed on as that error, unparsed.
 */
export function jsonBodyKeepingBigIntegers(
  limit: string,
  refuse: (text: string) => Error | undefined = () => undefined,
) {
  const text = express.text({ limit, type: () => true })
  return [
    text,
    (req: express.Request, _res: express.Response, next: express.NextFunction) => {
      try {
        const text = typeof req.body === 'string' ? req.body : ''
        const refusal = refuse(text)
        if (refusal) return next(refusal)
        req.body = parseJsonKeepingBigIntegers(text)
        next()
      } catch (error) {
        next(error)
      }
    },
  ]
}

// The way out: an answer's integer beyond 2^53 goes into the text as an exact JSON number. It travels through
// JSON.stringify as a string marked with this process's own random tag (so no string of a request can pass
// for one) and `stringifyWithBigIntegers` writes its digits in place of the string.
const OUT_TAG = `bigint-out-${randomBytes(8).toString('hex')}:`
const OUT_MARKED = new RegExp(`"\\\\u0000${OUT_TAG}(-?\\d+)"`, 'g')

/** An integer an answer writes as an exact JSON number, whatever its size. */
export class JsonInteger {
  constructor(readonly value: bigint) {}
  toJSON(): string {
    return `\u0000${OUT_TAG}${this.value}`
  }
}

/**
 * An integer for an answer: a plain number while a double holds it exactly, else a JsonInteger.
 * @example exactInteger(2n ** 64n) // written as 18446744073709551616 by stringifyWithBigIntegers
 */
export const exactInteger = (value: bigint): number | JsonInteger =>
  value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)
    ? Number(value)
    : new JsonInteger(value)

/** JSON.stringify, with every JsonInteger written as its exact digits. */
export const stringifyWithBigIntegers = (value: unknown): string =>
  JSON.stringify(value).replace(OUT_MARKED, '$1')
