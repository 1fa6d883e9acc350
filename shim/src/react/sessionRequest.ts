import { InvalidOptionsError } from '@webwallet/protocol/errors'
import type { Call } from '../account/context'

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/**
 * The calls of a `wallet_addInvokeTransaction` request (as starknet-react's `useSendTransaction` sends them) as
 * starknet.js calls; a bad shape is INVALID_OPTIONS naming the path (the account checks the rest).
 *
 * @example
 * invokeCalls({ calls: [{ contract_address: GAME, entry_point: 'play', calldata: ['0x1'] }] }) // [{ contractAddress: GAME, ... }]
 */
export function invokeCalls(params: unknown): Call[] {
  const calls = isObject(params) ? params.calls : undefined
  if (!Array.isArray(calls) || calls.length === 0) {
    throw new InvalidOptionsError('params.calls', 'must be a non-empty list of calls')
  }
  return calls.map((call, i) => {
    const { contract_address, entry_point, calldata = [] } = isObject(call) ? call : {}
    if (typeof contract_address !== 'string' || typeof entry_point !== 'string') {
      throw new InvalidOptionsError(`params.calls.${i}`, 'must have a contract_address and an entry_point')
    }
    if (!Array.isArray(calldata))
      throw new InvalidOptionsError(`params.calls.${i}.calldata`, 'must be a list')
    return { contractAddress: contract_address, entrypoint: entry_point, calldata }
  })
}
