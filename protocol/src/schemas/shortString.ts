import * as z from 'zod/mini'
import { SHORT_STRING_MAX_LENGTH } from '../constants'
import './genericMessages'
import { CALLDATA_HEX_RE, DECIMAL_RE } from './patterns'

/**
 * A Cairo short string: 1 to 31 characters, not itself a hex or integer string (those are numbers).
 *
 * @example
 * ShortStringSchema.safeParse('0x12').error?.issues[0]?.message // 'The shortString should not be a hex string'
 */
export const ShortStringSchema = z.string().check(
  z.refine((v) => v.length > 0, 'The short string cannot be empty'),
  z.refine((v) => v.length <= SHORT_STRING_MAX_LENGTH, 'The short string cannot exceed 31 characters'),
  z.refine((v) => !CALLDATA_HEX_RE.test(v), 'The shortString should not be a hex string'),
  z.refine((v) => !DECIMAL_RE.test(v), 'The shortString should not be an integer string'),
)

/** True for a string the short-string rule accepts. */
export function isShortString(value: string): boolean {
  return ShortStringSchema.safeParse(value).success
}
