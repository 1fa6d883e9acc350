import * as z from 'zod/mini'
import './genericMessages'

/**
 * Hex digits with an optional 0x; odd lengths are left-padded with 0. Output: 0x + even-length lowercase hex.
 *
 * @example
 * HexSchema.parse('abc') // '0x0abc'
 */
export const HexSchema = z.pipe(
  z.string().check(z.refine((v) => /^(0x)?[0-9a-fA-F]+$/.test(v), 'Invalid hex string')),
  z.transform((value) => {
    const digits = value.replace(/^0x/, '').toLowerCase()
    return `0x${digits.length % 2 ? `0${digits}` : digits}`
  }),
)
/** A value {@link HexSchema} accepts, as it parses it. */
export type Hex = z.infer<typeof HexSchema>
