// JSON request bodies with integers beyond 2^53 kept exact. starknet-devnet takes devnet_mint's amount as a
// JSON number of any size up to u128 (1000 STRK is 10^21 FRI), which JSON.parse would round; such a literal
// is read as a marked string instead, and `bigIntegerOf` gives it back as a bigint.
import express from 'express'

const MARK = '\u0000bigint:'
/** A JSON string (kept as it is) or an integer literal outside strings. */
const TOKENS = /"(?:[^"\\]|\\.)*"|-?\d{16,}(?![\d.eE])/g

/** JSON.parse, but integer literals too large for a double come out as marked strings. */
export function parseJsonKeepingBigIntegers(text: string): unknown {
  return JSON.parse(
    text.replace(TOKENS, (token) =>
      token.startsWith('"') || Number.isSafeInteger(Number(token)) ? token : `"\\u0000bigint:${token}"`,
    ),
  )
}

/** The exact value of an integer literal `parseJsonKeepingBigIntegers` marked, else undefined. */
export function bigIntegerOf(value: unknown): bigint | undefined {
  return typeof value === 'string' && value.startsWith(MARK) ? BigInt(value.slice(MARK.length)) : undefined
}

/** express middleware: a JSON body (any content type, as nodes take) parsed with big integers kept. */
export function jsonBodyKeepingBigIntegers(limit: string) {
  const text = express.text({ limit, type: () => true })
  return [
    text,
    (req: express.Request, _res: express.Response, next: express.NextFunction) => {
      try {
        req.body = parseJsonKeepingBigIntegers(typeof req.body === 'string' ? req.body : '')
        next()
      } catch (error) {
        next(error)
      }
    },
  ]
}
