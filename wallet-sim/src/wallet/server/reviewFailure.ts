// Why a reviewed transaction would not go through, from the node's error: whether it reverts (its execution
// fails) or is refused (nonce, balance, validation), the contract's own reason in a few words, which of the
// user's calls failed when the trace names it, and the node's whole text for the review's Details.
import type { walletPage } from '@webwallet/protocol/services'
import { RpcCode, type RpcError } from '../../chain/errors'
import { selectorOf } from '../../chain/felt'
import type { FeltCall } from './ledger'

/**
 * What the review screen shows instead of a fee when the node says the transaction would fail: protocol's
 * `walletPage.review.Failure` (kind, error, detail, call), with the node's whole text always given here.
 */
export type ReviewFailure = walletPage.review.Failure & { detail: string }

/** Longest reason the summary keeps; the whole text stays in `detail`. */
const MAX_REASON = 160

/** Reasons that only say "a call inside failed": the account's and Cairo's wrappers around the real one. */
const WRAPPERS = new Set(['', 'ENTRYPOINT_FAILED', 'argent/multicall-failed', 'Failure reason'])

const FRAME = /contract address: (0x[0-9a-fA-F]+), class hash: 0x[0-9a-fA-F]+, selector: (0x[0-9a-fA-F]+)/g

/**
 * @example
 * reviewFailureOf(new RpcError(41, { execution_error: "…Failure reason:\n0x45… ('ERC20: insufficient balance')." }), calls)
 * // { kind: 'reverts', error: 'ERC20: insufficient balance', detail: '…', call: 0 }
 */
export function reviewFailureOf(error: RpcError, calls: readonly FeltCall[]): ReviewFailure {
  const kind =
    error.code === RpcCode.TRANSACTION_EXECUTION_ERROR || error.code === RpcCode.CONTRACT_ERROR
      ? 'reverts'
      : 'refused'
  const data = error.data as { execution_error?: unknown; revert_error?: unknown } | string | undefined
  const raw = typeof data === 'object' ? (data.execution_error ?? data.revert_error) : data
  const trace = raw === undefined ? undefined : typeof raw === 'string' ? raw : describeNested(raw)
  const detail = trace === undefined ? error.message : `${error.message}: ${trace}`
  const panic = trace === undefined ? undefined : panicOf(trace)
  // No panic text: the node's own words, its message first (`Invalid params: calldata: invalid felt …`).
  const last = trace === undefined ? undefined : lastLine(trace)
  const reason = panic ?? (last === undefined ? error.message : `${error.message}: ${last}`)
  const call = trace === undefined ? undefined : failedCall(trace, calls)
  return { kind, error: shorten(reason), detail, ...(call === undefined ? {} : { call }) }
}

/**
 * The innermost meaningful panic text of a trace: Starknet writes each as `0x… ('text')` (short strings)
 * or, after `Failure reason:`, as `"text"` (longer ones), outermost first; wrappers such as
 * `argent/multicall-failed` are skipped.
 */
function panicOf(trace: string): string | undefined {
  const texts = [...trace.matchAll(/0x[0-9a-fA-F]+ \('([^']*)'\)|Failure reason:\s*"([^"\n]+)"/g)].map(
    (m) => m[1] ?? m[2] ?? '',
  )
  return texts.find((text) => !WRAPPERS.has(text))
}

function lastLine(text: string): string | undefined {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .at(-1)
}

/** The one user call whose contract and entry point appear in the trace's frames (the account's own skipped). */
function failedCall(trace: string, calls: readonly FeltCall[]): number | undefined {
  const keys = calls.map((call) => `${BigInt(call.contractAddress)}:${selectorOf(call.entrypoint)}`)
  for (const [, address, selector] of trace.matchAll(FRAME)) {
    const key = `${BigInt(address as string)}:${BigInt(selector as string)}`
    const first = keys.indexOf(key)
    if (first === -1) continue
    // The same contract and entry point twice: the trace cannot tell which of them failed.
    return keys.lastIndexOf(key) === first ? first : undefined
  }
  return undefined
}

/**
 * Spec 0.8+ nodes give a structured execution error (`{contract_address, class_hash, selector, error}`,
 * nested): written out the way the text form reads, one frame a line, the innermost error last.
 */
function describeNested(value: unknown): string {
  const lines: string[] = []
  let node = value
  while (typeof node === 'object' && node !== null) {
    const frame = node as {
      contract_address?: unknown
      class_hash?: unknown
      selector?: unknown
      error?: unknown
    }
    if (typeof frame.contract_address !== 'string' || frame.error === undefined) {
      lines.push(JSON.stringify(node))
      break
    }
    lines.push(
      `${lines.length}: Error in the called contract (contract address: ${frame.contract_address}, class hash: ${String(frame.class_hash)}, selector: ${String(frame.selector)}):`,
    )
    node = frame.error
  }
  if (typeof node === 'string') lines.push(node)
  return lines.join('\n')
}

function shorten(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length <= MAX_REASON ? line : `${line.slice(0, MAX_REASON - 1)}…`
}
