// The review's verdict on a failing transaction, from each form a node writes it in: the built-in chain's
// and devnet's text traces (Argent's multicall wrapper around the token's panic), the structured error of
// spec 0.8+ nodes, and refusals without any trace.
import { describe, expect, it } from 'vitest'
import { RpcError } from '../../chain/errors'
import { selectorOf } from '../../chain/felt'
import { reviewFailureOf } from './reviewFailure'

const hex = (value: bigint) => `0x${value.toString(16)}`
const ACCOUNT = '0x7e57'
const STRK = '0x4718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const COUNTER = '0xc0de'
const transfer = { contractAddress: STRK, entrypoint: 'transfer', calldata: [1n, 10n ** 30n, 0n] }
const increment = { contractAddress: COUNTER, entrypoint: 'increment', calldata: [] }
const frame = (i: number, address: string, entrypoint: string) =>
  `${i}: Error in the called contract (contract address: ${address}, class hash: 0x1234, selector: ${hex(selectorOf(entrypoint))}):`
const short = (text: string) => `0x${Buffer.from(text).toString('hex')} ('${text}')`

describe('reviewFailureOf', () => {
  it("names the token's panic and the failing call behind the account's multicall wrapper (devnet's text)", () => {
    const trace = [
      'Transaction execution has failed:',
      frame(0, ACCOUNT, '__execute__'),
      'Error at pc=0:4573:',
      'Cairo traceback (most recent call last):',
      frame(1, STRK, 'transfer'),
      `Execution failed. Failure reason:\n(${short('argent/multicall-failed')}, 0x1 (''), ${short('u256_sub Overflow')}, ${short('ENTRYPOINT_FAILED')}).`,
    ].join('\n')
    const failure = reviewFailureOf(new RpcError(41, { transaction_index: 0, execution_error: trace }), [
      increment,
      transfer,
    ])
    expect(failure).toEqual({
      kind: 'reverts',
      error: 'u256_sub Overflow',
      detail: `Transaction execution error: ${trace}`,
      call: 1,
    })
  })

  it("reads spec 0.8's structured execution error the same way", () => {
    const error = {
      contract_address: ACCOUNT,
      class_hash: '0x1',
      selector: hex(selectorOf('__execute__')),
      error: {
        contract_address: STRK,
        class_hash: '0x2',
        selector: hex(selectorOf('transfer')),
        error: `${short('ERC20: insufficient balance')}`,
      },
    }
    const failure = reviewFailureOf(new RpcError(41, { transaction_index: 0, execution_error: error }), [
      transfer,
    ])
    expect(failure).toMatchObject({ kind: 'reverts', error: 'ERC20: insufficient balance', call: 0 })
    expect(failure.detail).toContain(`contract address: ${STRK}`)
  })

  it('a long reason (a ByteArray panic) is kept whole in detail and cut in the summary', () => {
    const reason = `Something went wrong ${'very '.repeat(40)}badly`
    const trace = `${frame(0, COUNTER, 'increment')}\nExecution failed. Failure reason:\n"${reason}".`
    const failure = reviewFailureOf(new RpcError(41, { execution_error: trace }), [increment])
    expect(failure.error).toHaveLength(160)
    expect(failure.error.endsWith('…')).toBe(true)
    expect(failure.detail).toContain(reason)
    expect(failure.call).toBe(0)
  })

  it('two calls to the same entry point: the trace cannot tell which failed, so no call is named', () => {
    const trace = `${frame(1, STRK, 'transfer')}\nExecution failed. Failure reason:\n${short('ERC20: insufficient balance')}.`
    const failure = reviewFailureOf(new RpcError(41, { execution_error: trace }), [transfer, transfer])
    expect(failure).not.toHaveProperty('call')
    expect(failure.error).toBe('ERC20: insufficient balance')
  })

  it('a refusal without a trace (nonce, validation) says so in the spec words, the data under detail', () => {
    expect(reviewFailureOf(new RpcError(52), [transfer])).toEqual({
      kind: 'refused',
      error: 'Invalid transaction nonce',
      detail: 'Invalid transaction nonce',
    })
    const failure = reviewFailureOf(new RpcError(55, 'Insufficient fee token balance.\n'), [transfer])
    expect(failure).toEqual({
      kind: 'refused',
      error: 'Account validation failed: Insufficient fee token balance.',
      detail: 'Account validation failed: Insufficient fee token balance.\n',
    })
    // A quoted value in the node's text is no panic reason: the whole line is kept, after the message.
    const params = reviewFailureOf(new RpcError(-32602, 'calldata: invalid felt "0xa77ac4e4bad"'), [transfer])
    expect(params.error).toBe('Invalid params: calldata: invalid felt "0xa77ac4e4bad"')
  })
})
