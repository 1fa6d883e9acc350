import { ValidationError } from '@webwallet/protocol/errors'
import { CairoOption, CairoOptionVariant, CallData, cairo } from 'starknet'
import { describe, expect, it } from 'vitest'
import { compileCalls } from './compileCalls'

const hex = (felts: readonly string[]) => felts.map((felt) => `0x${BigInt(felt).toString(16)}`)

describe('compileCalls', () => {
  it('takes one call or a list and compiles calldata (long numeric strings as big integers)', async () => {
    expect(
      await compileCalls({
        contractAddress: '0x1',
        entrypoint: 'f',
        calldata: ['0x2', '12', 3n, 4, '1234567890123456789012'],
      }),
    ).toEqual([
      {
        contractAddress: '0x1',
        entrypoint: 'f',
        calldata: ['0x2', '0xc', '0x3', '0x4', `0x${(1234567890123456789012n).toString(16)}`],
      },
    ])
    expect((await compileCalls([{ contractAddress: '0x1', entrypoint: 'g' }]))[0]?.calldata).toEqual([])
  })

  it('compiles nested lists, u256 objects, arguments by name and Cairo values as starknet.js does', async () => {
    const forms = [
      ['0x2', [1, 2, 3], cairo.uint256(2n ** 200n)],
      { to: '0x2', amount: { low: 5, high: 0 }, memo: 'gm', flag: true },
      [new CairoOption(CairoOptionVariant.Some, [7n]), 'a text longer than thirty-one characters'],
    ]
    for (const calldata of forms) {
      const [call] = await compileCalls({
        contractAddress: '0x1',
        entrypoint: 'f',
        calldata: calldata as never,
      })
      expect(call?.calldata).toEqual(hex(CallData.compile(calldata as never)))
    }
  })

  it('refuses a value that reads two ways, naming the call and the place (wallet API 114)', async () => {
    const bad = () =>
      compileCalls([
        { contractAddress: '0x1', entrypoint: 'ok' },
        { contractAddress: '0x1', entrypoint: 'f', calldata: ['0x1', { low: -5, high: 0 }] },
      ])
    await expect(bad()).rejects.toThrow(ValidationError)
    await expect(bad()).rejects.toThrow('Call 1, calldata[1].low: -5 is refused, negative.')
    await expect(compileCalls({ contractAddress: '0x1', entrypoint: 'f', calldata: ['1 '] })).rejects.toThrow(
      /reads as a number/,
    )
  })
})
