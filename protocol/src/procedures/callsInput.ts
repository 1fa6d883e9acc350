import * as z from 'zod/mini'
import type { Call } from '../entities/connector'
import { type CalldataIssue as Issue, readCalldata } from '../schemas/readCalldata'
import { isRecord } from '../schemas/util'
import { toHex } from '../starknet/felt'
import '../schemas/genericMessages'

// The calls of `execute` and `addInvokeTransaction` as the wallet reads them: one call or a list, in the
// dapp's form (contractAddress, entrypoint) or the wallet API's (contract_address, entry_point), calldata in
// any form starknet.js compiles. The calldata is compiled here, at the router's boundary, so the handlers,
// the review screen and the signer all get the same felts; a refusal is a sentence naming call and place.

/** How a call's fields are named: by dapps (starknet.js `Call`) or by the wallet API. */
export type CallForm = 'dapp' | 'wallet'

/** A call as a dapp sends it: calldata uncompiled (a list, nested lists, objects of arguments). */
export interface RawCall {
  contractAddress: string
  entrypoint: string
  calldata?: unknown
}
/** A call in the wallet API's form (starknet.js `WalletAccount.execute` sends the calldata uncompiled). */
export interface RawWalletCall {
  contract_address: string
  entry_point: string
  calldata?: unknown
}

const FIELDS = {
  dapp: ['contractAddress', 'entrypoint'],
  wallet: ['contract_address', 'entry_point'],
} as const

/**
 * One call read and compiled: `{call}` with calldata as hex felts, or the issue (a sentence naming the call
 * and the place in its calldata).
 *
 * @example
 * readCall({ contractAddress: '0x1', entrypoint: 'go', calldata: [[1, 2]] }, 0, 'dapp') // calldata ['0x2', '0x1', '0x2']
 */
export function readCall(value: unknown, index: number, form: CallForm): { call: Call } | { issue: Issue } {
  const [addressKey, entrypointKey] = FIELDS[form]
  const fields = isRecord(value) ? value : {}
  const address = fields[addressKey]
  const entrypoint = fields[entrypointKey]
  if (typeof address !== 'string' || typeof entrypoint !== 'string' || entrypoint === '')
    return {
      issue: {
        message: `Call ${index} is not a call: it needs ${addressKey} and ${entrypointKey} as strings.`,
        path: [index],
      },
    }
  const read = readCalldata(fields.calldata, index)
  if ('issue' in read) return read
  return { call: { contractAddress: address, entrypoint, calldata: read.felts.map(toHex) } }
}

/**
 * One call or a non-empty list of calls in `form`, compiled ({@link readCall}); every issue a sentence.
 *
 * @example
 * callsSchema('wallet').parse({ contract_address: '0x1', entry_point: 'go', calldata: { low: 1, high: 0 } })
 */
export function callsSchema<F extends CallForm>(form: F) {
  type Input = F extends 'dapp' ? RawCall | RawCall[] : RawWalletCall | RawWalletCall[]
  return z.pipe(
    z.custom<Input>(),
    z.transform((value: Input, ctx): Call[] => {
      const list: unknown[] = Array.isArray(value) ? value : [value]
      if (list.length === 0)
        ctx.issues.push({ code: 'custom', message: 'Call list must not be empty', input: value, path: [] })
      const calls: Call[] = []
      list.forEach((item, index) => {
        const read = readCall(item, index, form)
        if ('call' in read) calls.push(read.call)
        else ctx.issues.push({ code: 'custom', input: item, ...read.issue })
      })
      return calls
    }),
  )
}
