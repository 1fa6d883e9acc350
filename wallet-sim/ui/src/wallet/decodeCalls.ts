// Turns raw calls into what a person can check: ERC-20 transfers and approvals of known tokens are spelled
// out ("Transfer 100 STRK to 0x1234…abcd"), other calls name the entry point and the contract, by its name
// where the wallet knows it. The raw calls stay available behind the review's Details.
import type { Call } from '@webwallet/protocol'
import { type Market, marketKey } from '../api/market'
import { compactAddress, feltText, tokenOf } from '../components/format'

export interface DecodedCall {
  contract: string
  /** The token's symbol, the contract's name, or its compact address. */
  contractLabel: string
  entrypoint: string
  /** One line a person reads, e.g. "Transfer 1 STRK to 0x1234…abcd" or "Call increment on DemoCounter". */
  summary: string
  calldata: string[]
}

export interface DecodeContext {
  /** Tokens the backend lists (symbols, decimals). */
  market?: Market | undefined
  /** Contract names by address, as the wallet server gave them. */
  contracts?: Readonly<Record<string, string>> | undefined
  /** The user's own address: a transfer to it says so. */
  self?: string | undefined
}

const u256 = (low: unknown, high: unknown): bigint | undefined => {
  try {
    return BigInt(feltText(low)) + (BigInt(feltText(high)) << 128n)
  } catch {
    return undefined
  }
}

/** `amount` of `token` in whole tokens with its symbol. */
const amountOf = (amount: bigint, token: { symbol: string; decimals: number }): string => {
  const unit = 10n ** BigInt(token.decimals)
  const fraction = (amount % unit).toString().padStart(token.decimals, '0').replace(/0+$/, '')
  // Exact (every decimal the amount has), the whole part grouped for reading: `1,000,000.5 STRK`.
  return `${(amount / unit).toLocaleString('en-US')}${fraction ? `.${fraction}` : ''} ${token.symbol}`
}

/** The known token at `address`: the backend's list first, the wallet's own short list otherwise. */
function tokenAt(address: string, market: Market | undefined) {
  return market?.get(marketKey(address)) ?? tokenOf(address)
}

function tokenSummary(call: Call, calldata: string[], context: DecodeContext): string | undefined {
  const token = tokenAt(call.contractAddress, context.market)
  const self = context.self === undefined ? undefined : marketKey(context.self)
  const party = (address: string) =>
    self !== undefined && marketKey(address) === self
      ? `your account (${compactAddress(address)})`
      : compactAddress(address)
  if (!token) return undefined
  const entrypoint = call.entrypoint.replace(/_/g, '').toLowerCase()
  if (calldata.length === 3) {
    const amount = u256(calldata[1], calldata[2])
    if (amount === undefined) return undefined
    const who = party(calldata[0] ?? '')
    const what = amountOf(amount, token)
    if (entrypoint === 'transfer') return `Transfer ${what} to ${who}`
    if (entrypoint === 'approve') return `Allow ${who} to spend ${what}`
    if (entrypoint === 'increaseallowance') return `Allow ${who} to spend ${what} more`
  }
  if (calldata.length === 4 && entrypoint === 'transferfrom') {
    const amount = u256(calldata[2], calldata[3])
    if (amount === undefined) return undefined
    return `Transfer ${amountOf(amount, token)} from ${party(calldata[0] ?? '')} to ${party(calldata[1] ?? '')}`
  }
  return undefined
}

/**
 * @example
 * decodeCall({ contractAddress: STRK, entrypoint: 'transfer', calldata: ['0x1', '10', '0'] }).summary
 */
export function decodeCall(call: Call, context: DecodeContext = {}): DecodedCall {
  const calldata = (call.calldata ?? []).map(feltText)
  const token = tokenAt(call.contractAddress, context.market)
  const name = context.contracts?.[call.contractAddress]
  const contractLabel = token?.symbol ?? name ?? compactAddress(call.contractAddress)
  return {
    contract: call.contractAddress,
    contractLabel,
    entrypoint: call.entrypoint,
    summary: tokenSummary(call, calldata, context) ?? `Call ${call.entrypoint} on ${contractLabel}`,
    calldata,
  }
}
