import { createTRPCClient, localLink, TRPCClientError } from '@trpc/client'
import { CallData, cairo } from 'starknet'
import { describe, expect, it, vi } from 'vitest'
import { parseError } from '../errors/parse'
import { createWalletRouter, type WalletHandlers, type WalletRouter } from './index'

// What each starknetkit sends for a transaction, read from its webwallet connector:
// - 1.1.9 (`execute` of its Account): `execute.mutate([calls, details])`, details `{}` when the dapp gave
//   none, one call or a list, calldata as the dapp wrote it;
// - 2.8.0 and 3.4.3 (`wallet_addInvokeTransaction`): `addInvokeTransaction.mutate(params.calls)`, the
//   calls of starknet.js `WalletAccount.execute`, which renames the fields and leaves the calldata
//   uncompiled.
const STRK = '0x4718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const TO = '0x1234'
const nested = { recipient: TO, amount: cairo.uint256(10n ** 18n), ids: [1, 2, 3], memo: 'gm' }
const hex = (felts: readonly string[]) => felts.map((felt) => `0x${BigInt(felt).toString(16)}`)

function setup() {
  const execute = vi.fn<WalletHandlers['execute']>(() => '0xabc')
  const addInvokeTransaction = vi.fn<WalletHandlers['addInvokeTransaction']>(() => '0xdef')
  const handlers = { execute, addInvokeTransaction } as Partial<WalletHandlers> as WalletHandlers
  const router = createWalletRouter(handlers)
  const trpc = createTRPCClient<WalletRouter>({
    links: [localLink({ router, createContext: async () => ({ origin: 'https://dapp.example' }) })],
  })
  return { trpc, execute, addInvokeTransaction }
}

describe('starknetkit 1.1.9: execute [calls, details]', () => {
  it('takes a bare execute ([call, {}]) and a list with details, calldata compiled as starknet.js does', async () => {
    const { trpc, execute } = setup()
    const call = { contractAddress: STRK, entrypoint: 'transfer', calldata: [TO, cairo.uint256(5)] }
    await expect(trpc.execute.mutate([call, {}] as never)).resolves.toBe('0xabc')
    expect(execute.mock.calls[0]?.[0]).toEqual([
      [{ contractAddress: STRK, entrypoint: 'transfer', calldata: hex(CallData.compile(call.calldata)) }],
      undefined,
      {},
    ])
    const calls = [call, { contractAddress: STRK, entrypoint: 'multi', calldata: nested }]
    await trpc.execute.mutate([calls, { maxFee: '0x10', nonce: 3 }] as never)
    expect(execute.mock.calls[1]?.[0][0].map((c) => c.calldata)).toEqual([
      hex(CallData.compile(call.calldata)),
      hex(CallData.compile(nested)),
    ])
    expect(execute.mock.calls[1]?.[0][2]).toEqual({ maxFee: '0x10', nonce: 3 })
  })
})

describe.each(['2.8.0', '3.4.3'])('starknetkit %s: addInvokeTransaction(WalletAccount calls)', () => {
  it('takes nested lists, u256 objects and arguments by name', async () => {
    const { trpc, addInvokeTransaction } = setup()
    const calldata = [TO, [cairo.uint256(1), cairo.uint256(2n ** 200n)], 'hello']
    await trpc.addInvokeTransaction.mutate([
      { contract_address: STRK, entry_point: 'batch', calldata },
      { contract_address: STRK, entry_point: 'multi', calldata: nested },
    ] as never)
    expect(addInvokeTransaction.mock.calls[0]?.[0].map((c) => c.calldata)).toEqual([
      hex(CallData.compile(calldata)),
      hex(CallData.compile(nested)),
    ])
  })

  it('refuses what reads two ways with a coded sentence naming call and place', async () => {
    const { trpc, addInvokeTransaction } = setup()
    const error = await trpc.addInvokeTransaction
      .mutate([
        { contract_address: STRK, entry_point: 'ok', calldata: [] },
        { contract_address: STRK, entry_point: 'bad', calldata: [TO, { low: '1 ', high: 0 }] },
      ] as never)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TRPCClientError)
    expect((error as Error).message).toBe(
      'Call 1, calldata[1].low: "1 " is refused, text that reads as a number (a sign, point, digit or space first, or a space last).',
    )
    expect(parseError(error)).toMatchObject({ code: 'VALIDATION', walletApiCode: 114 })
    expect(addInvokeTransaction).not.toHaveBeenCalled()
  })
})
