// Turns raw calls into what a person can check: known ERC-20 transfers and approvals are spelled out,
// other calls show contract, entry point and calldata.
import type { Call } from '@webwallet/protocol'
import { compactAddress, feltText, formatAmount, tokenOf } from '../components/format'

export interface DecodedCall {
  contract: string
  contractLabel: string
  entrypoint: string
  /** One line a person reads, e.g. "Send 1 STRK to 0x1234…abcd". */
  summary: string | undefined
  calldata: string[]
}

const u256 = (low: unknown, high: unknown): bigint | undefined => {
  try {
    return BigInt(feltText(low)) + (BigInt(feltText(high)) << 128n)
  } catch {
    return undefined
  }
}

/**
 * @example
 * decodeCall({ contractAddress: STRK, entrypoint: 'transfer', calldata: ['0x1', '10', '0'] }).summary
 */
export function decodeCall(call: Call): DecodedCall {
  const calldata = (call.calldata ?? []).map(feltText)
  const token = tokenOf(call.contractAddress)
  let summary: string | undefined
  if (token && calldata.length === 3 && (call.entrypoint === 'transfer' || call.entrypoint === 'approve')) {
    const amount = u256(calldata[1], calldata[2])
    const to = calldata[0] ?? ''
    if (amount !== undefined) {
      summary =
        call.entrypoint === 'transfer'
          ? `Send ${formatAmount(amount, call.contractAddress)} to ${compactAddress(to)}`
          : `Allow ${compactAddress(to)} to spend ${formatAmount(amount, call.contractAddress)}`
    }
  }
  return {
    contract: call.contractAddress,
    contractLabel: token?.symbol ?? compactAddress(call.contractAddress),
    entrypoint: call.entrypoint,
    summary,
    calldata,
  }
}
