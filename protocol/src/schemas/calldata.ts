import * as z from 'zod/mini'
import { integerOf } from '../starknet/felt'
import type { BigNumberish } from './felt'
import { isShortString } from './shortString'
import './genericMessages'

const CALLDATA_MESSAGE = 'Only hex, integers and bigint are supported in calldata'

/** True for a calldata entry: hex string, integer string, short string, integer number or bigint. */
export function isCalldataItem(value: unknown): value is BigNumberish {
  if (typeof value === 'bigint') return true
  if (typeof value === 'number') return Number.isInteger(value)
  if (typeof value !== 'string') return false
  return integerOf(value) !== undefined || isShortString(value)
}

/**
 * One calldata entry.
 *
 * @example
 * CalldataItemSchema.safeParse(1.5).error?.issues[0]?.message // 'Only hex, integers and bigint are supported in calldata'
 */
export const CalldataItemSchema = z.custom<BigNumberish>(isCalldataItem, CALLDATA_MESSAGE)
/** A call's calldata list. */
export const CalldataSchema = z.array(CalldataItemSchema)
