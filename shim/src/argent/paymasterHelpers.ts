// invisible-sdk 1.0.0's paymaster helpers that apps call on their own.
import { CHAIN_IDS, ENVIRONMENTS, STRK_ADDRESS } from '@webwallet/protocol'
import {
  MismatchedContractAddressError,
  MismatchedSelectorError,
  UnalignedProofsError,
} from '@webwallet/protocol/errors'
import { selectorFelt, toFelt, toHex } from '@webwallet/protocol/session'
import type { Call, TypedData } from 'starknet'

/** The AVNU paymaster's host per chain id (SN_MAIN, SN_SEPOLIA). @example gaslessBaseUrls[StarknetChainId.SN_MAIN] */
export const gaslessBaseUrls = {
  [CHAIN_IDS.SN_MAIN]: ENVIRONMENTS.mainnet.paymasterUrl,
  [CHAIN_IDS.SN_SEPOLIA]: ENVIRONMENTS.sepolia.paymasterUrl,
} as { '0x534e5f4d41494e': string; '0x534e5f5345504f4c4941': string }

/** invisible-sdk's default gas token (Circle's USDC on Sepolia). @example paymasterParams.tokenAddress ?? gasTokenAddress */
export const gasTokenAddress = '0x53b40a647cedfca6ca84f542a0fe36736031905a9639a7f19a3c1e66bfd5080'

interface OutsideCall {
  To: string
  Selector: string
}

const isFeeTransfer = (c: OutsideCall) =>
  toFelt(c.To) === toFelt(STRK_ADDRESS) && toFelt(c.Selector) === selectorFelt('transfer')

/**
 * The typed data's calls checked against the app's `calls` by address and selector (UNALIGNED_PROOFS,
 * MISMATCHED_*); one extra may be the paymaster's STRK fee `transfer`, kept where the typed data has it.
 *
 * @example
 * const signedCalls = prependPaymasterTransfer(typedData, calls) // [...calls, { contractAddress: STRK, entrypoint: 'transfer' }]
 */
export function prependPaymasterTransfer(typedData: TypedData, calls: Call[]): Call[] {
  const signed = (typedData.message as { Calls?: OutsideCall[] }).Calls ?? []
  let result = calls
  if (calls.length === signed.length - 1) {
    // The paymaster appends its fee: the last STRK transfer of the typed data.
    let transfer = signed.length - 1
    while (transfer >= 0 && !isFeeTransfer(signed[transfer] as OutsideCall)) transfer--
    if (transfer >= 0)
      result = [
        ...calls.slice(0, transfer),
        { contractAddress: toHex(STRK_ADDRESS), entrypoint: 'transfer' },
        ...calls.slice(transfer),
      ]
  }
  if (signed.length !== result.length) throw new UnalignedProofsError()
  for (const [i, call] of result.entries()) {
    const expected = signed[i] as OutsideCall
    if (toFelt(expected.To) !== toFelt(call.contractAddress)) throw new MismatchedContractAddressError()
    if (toFelt(expected.Selector) !== selectorFelt(call.entrypoint)) throw new MismatchedSelectorError()
  }
  return result
}
