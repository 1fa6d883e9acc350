import * as z from 'zod/mini'
import { STORAGE_VALUE_MAX_LENGTH } from '../constants'
import { storageKeyMessage, storageValueMessage } from '../errors/storageMessages'
import './genericMessages'

const KEY_RE = /^[A-Za-z0-9_-]{1,128}$/

/**
 * A local-storage key: 1 to 128 characters of A-Z, a-z, 0-9, _ and -. The message quotes the key.
 *
 * @example
 * StorageKeySchema.safeParse('a b').error?.issues[0]?.message
 * // 'Invalid key "a b" must be 1-128 characters long and contain only A-Z, a-z, 0-9, _ and -.'
 */
export const StorageKeySchema = z.string().check(
  z.superRefine((key, ctx) => {
    if (!KEY_RE.test(key)) ctx.issues.push({ code: 'custom', message: storageKeyMessage(key), input: key })
  }),
)

/**
 * A local-storage value: at most 4096 characters.
 *
 * @example
 * StorageValueSchema.safeParse('x'.repeat(4097)).error?.issues[0]?.message
 * // 'Invalid value (4097 characters) must be 0-4096 characters long.'
 */
export const StorageValueSchema = z.string().check(
  z.superRefine((value, ctx) => {
    if (value.length > STORAGE_VALUE_MAX_LENGTH) {
      ctx.issues.push({ code: 'custom', message: storageValueMessage(value.length), input: value })
    }
  }),
)
