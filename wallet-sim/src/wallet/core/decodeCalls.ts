// Turns calls into what a person can check: ERC-20 transfers and approvals of known tokens are spelled
// out ("Transfer 100 STRK to 0x1234…abcd"), other calls name the entry point and the contract, by its name
// where the wallet knows it. Everything shown is read from the felts the wallet signs (protocol's
// `strictCalls`, the signer's own reading): an address is the felt's hex, never the dapp's string. A call
// that does not read one way is not decoded: it says why, and the review cannot be confirmed. What the calls
// do to the balances is summed from the same reading, never from a figure the dapp supplied.
import { addressKey, type Call, compactAddress, toAddress, toHex } from '@webwallet/protocol'
import { type FeltCallOf, strictCalls } from '@webwallet/protocol/procedures'
import { methodName } from './spending'
import { type Market, tokenOf } from './tokens'

export interface DecodedCall {
  /** The contract's address, the felt in 64 lowercase hex digits (the dapp's string when it is no felt). */
  contract: string
  /** The token's symbol, the contract's name, or its compact address. */
  contractLabel: string
  entrypoint: string
  /** One line a person reads, e.g. "Transfer 1 STRK to 0x1234…abcd" or "Call increment on DemoCounter". */
  summary: string
  /** The calldata as the felts signed, in hex. */
  calldata: string[]
  /** Why the call cannot be shown as the felts it signs (nothing may be signed then). */
  unreadable?: string
  /**
   * How the call changes the user's token balances, read from the felts: empty for an approval (an
   * allowance, no balance moves), undefined when the wallet cannot tell (a call of another contract).
   */
  changes?: BalanceChange[]
}

/** A token amount that leaves (`delta` < 0) or reaches (> 0) the user's account. */
export interface BalanceChange {
  /** The token's address, as a Market key (addressKey). */
  token: string
  symbol: string
  decimals: number
  delta: bigint
}

export interface DecodeContext {
  /** Tokens the backend lists (symbols, decimals). */
  market?: Market | undefined
  /** Contract names by address, as the wallet server gave them. */
  contracts?: Readonly<Record<string, string>> | undefined
  /** The user's own address: a transfer to it says so. */
  self?: string | undefined
}

const U128 = 2n ** 128n

// The token entry points decoded, by their exact names: a name in another case or spelling is another
// selector, which the token may not have.
const TOKEN_METHODS: Record<string, 'transfer' | 'approve' | 'increase' | 'transferFrom'> = {
  transfer: 'transfer',
  approve: 'approve',
  increaseAllowance: 'increase',
  increase_allowance: 'increase',
  transferFrom: 'transferFrom',
  transfer_from: 'transferFrom',
}

/** A u256 from its two felts; undefined when a half is not a u128 (the token would refuse it). */
const u256 = (low: bigint | undefined, high: bigint | undefined): bigint | undefined =>
  low === undefined || high === undefined || low >= U128 || high >= U128 ? undefined : low + (high << 128n)

/** `amount` of `token` in whole tokens with its symbol. */
const amountOf = (amount: bigint, token: { symbol: string; decimals: number }): string => {
  const unit = 10n ** BigInt(token.decimals)
  const fraction = (amount % unit).toString().padStart(token.decimals, '0').replace(/0+$/, '')
  // Exact (every decimal the amount has), the whole part grouped for reading: `1,000,000.5 STRK`.
  return `${(amount / unit).toLocaleString('en-US')}${fraction ? `.${fraction}` : ''} ${token.symbol}`
}

/** The known token at `address`: the backend's list first, the wallet's own short list otherwise. */
function tokenAt(address: string, market: Market | undefined) {
  return market?.get(addressKey(address)) ?? tokenOf(address)
}

function tokenSummary(
  contract: string,
  method: string,
  felts: readonly bigint[],
  context: DecodeContext,
): { summary: string; changes: BalanceChange[] } | undefined {
  const token = tokenAt(contract, context.market)
  const kind = TOKEN_METHODS[method]
  if (!token || !kind) return undefined
  const self = context.self === undefined ? undefined : addressKey(context.self)
  const mine = (felt: bigint | undefined) => self !== undefined && toAddress(felt ?? 0n) === self
  const party = (felt: bigint | undefined) => {
    const address = toAddress(felt ?? 0n)
    return mine(felt) ? `your account (${compactAddress(address)})` : compactAddress(address)
  }
  const change = (delta: bigint): BalanceChange[] =>
    delta === 0n
      ? []
      : [{ token: addressKey(contract), symbol: token.symbol, decimals: token.decimals, delta }]
  if (kind === 'transferFrom') {
    const amount = felts.length === 4 ? u256(felts[2], felts[3]) : undefined
    if (amount === undefined) return undefined
    return {
      summary: `Transfer ${amountOf(amount, token)} from ${party(felts[0])} to ${party(felts[1])}`,
      changes: change((mine(felts[1]) ? amount : 0n) - (mine(felts[0]) ? amount : 0n)),
    }
  }
  const amount = felts.length === 3 ? u256(felts[1], felts[2]) : undefined
  if (amount === undefined) return undefined
  const who = party(felts[0])
  const what = amountOf(amount, token)
  // The account signing is the sender: a transfer to itself moves nothing.
  if (kind === 'transfer')
    return { summary: `Transfer ${what} to ${who}`, changes: change(mine(felts[0]) ? 0n : -amount) }
  if (kind === 'approve') return { summary: `Allow ${who} to spend ${what}`, changes: [] }
  return { summary: `Allow ${who} to spend ${what} more`, changes: [] }
}

/**
 * A call as the felts the wallet signs. `entrypoint` is a name; a 0x selector (an outside execution's)
 * is read back to the name when it is a token method the wallet knows.
 *
 * @example
 * decodeCall({ contractAddress: STRK, entrypoint: 'transfer', calldata: ['0x1', '10', '0'] }).summary
 */
export function decodeCall(call: Call, context: DecodeContext = {}): DecodedCall {
  let read: FeltCallOf | undefined
  let reason = ''
  try {
    read = strictCalls([call])[0]
  } catch (error) {
    reason = (error instanceof Error ? error.message : String(error)).replace(/^Call 0, /, '')
  }
  if (read === undefined) {
    return {
      contract: String(call.contractAddress),
      contractLabel: String(call.contractAddress),
      entrypoint: call.entrypoint,
      summary: `Cannot be shown as what would be signed: ${reason}`,
      calldata: (call.calldata ?? []).map((value) => JSON.stringify(String(value))),
      unreadable: reason,
    }
  }
  const contract = addressKey(read.contractAddress)
  const method = /^0x/.test(call.entrypoint) ? methodName(call.entrypoint) : call.entrypoint
  const token = tokenAt(contract, context.market)
  const name =
    context.contracts?.[call.contractAddress] ??
    context.contracts?.[read.contractAddress] ??
    context.contracts?.[contract]
  const contractLabel = token?.symbol ?? name ?? compactAddress(contract)
  const known = tokenSummary(contract, method, read.calldata, context)
  return {
    contract,
    contractLabel,
    entrypoint: call.entrypoint,
    summary: known?.summary ?? `Call ${method} on ${contractLabel}`,
    calldata: read.calldata.map(toHex),
    ...(known ? { changes: known.changes } : {}),
  }
}

export interface BalanceChanges {
  /** Net change per token, in call order of first appearance; tokens that net to zero are kept (0n). */
  changes: BalanceChange[]
  /** The calls whose effect on balances the wallet cannot tell, by their summary. */
  unknown: string[]
}

/**
 * What a transaction does to the user's balances, per token; a call the wallet cannot tell is named, not guessed.
 *
 * @example
 * sumBalanceChanges(calls.map((call) => decodeCall(call, context)))
 * // { changes: [{ token: '0x04718…', symbol: 'STRK', decimals: 18, delta: -10n ** 16n }], unknown: [] }
 */
export function sumBalanceChanges(calls: readonly DecodedCall[]): BalanceChanges {
  const byToken = new Map<string, BalanceChange>()
  const unknown: string[] = []
  for (const call of calls) {
    if (call.changes === undefined) {
      unknown.push(call.summary)
      continue
    }
    for (const change of call.changes) {
      const sum = byToken.get(change.token)
      byToken.set(change.token, sum ? { ...sum, delta: sum.delta + change.delta } : change)
    }
  }
  return { changes: [...byToken.values()], unknown }
}
