// devnet_mint's amount as starknet-devnet takes it: a JSON number of any size (u128), read exactly.
import { describe, expect, it } from 'vitest'
import { startSim } from '../index'
import {
  bigIntegerOf,
  exactInteger,
  JsonInteger,
  parseJsonKeepingBigIntegers,
  stringifyWithBigIntegers,
} from './bigJson'

describe('big integers in JSON-RPC bodies', () => {
  it('keeps strings and safe numbers as JSON.parse does', () => {
    const text =
      '{"a":"1000000000000000000000","b":9007199254740991,"c":[1.5,2e3,1e-7],"d":"x\\"12345678901234567 1e30"}'
    expect(parseJsonKeepingBigIntegers(text)).toEqual(JSON.parse(text))
  })

  it('reads integer literals beyond 2^53 exactly, written out or in exponent form (JSON.stringify(1e21))', () => {
    const read = (literal: string) =>
      bigIntegerOf((parseJsonKeepingBigIntegers(`[${literal}]`) as unknown[])[0])
    expect(read('1000000000000000000001')).toBe(10n ** 21n + 1n)
    expect(read(JSON.stringify(1e21))).toBe(10n ** 21n)
    expect(read('1e30')).toBe(10n ** 30n) // a double would be 1000000000000000019884624838656
    expect(read('1.5E22')).toBe(15n * 10n ** 21n)
    expect(read('-2e20')).toBe(-2n * 10n ** 20n)
    expect(read('12345678901234567890e-2')).toBe(undefined) // a fraction stays a number
    expect(read('1e9999')).toBe(undefined) // absurd exponents are not expanded
  })

  it('mints 10^21 FRI given as a bare JSON number, as starknet-devnet does', async () => {
    await using sim = await startSim({ accounts: 1 })
    const body =
      '{"jsonrpc":"2.0","id":1,"method":"devnet_mint","params":{"address":"0x1234","amount":1000000000000000000001,"unit":"FRI"}}'
    const answer = await fetch(sim.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    expect(((await answer.json()) as { result: { new_balance: string } }).result.new_balance).toBe(
      '1000000000000000000001',
    )
  })

  it('writes an answer’s integers beyond 2^53 as exact JSON numbers, and nothing else', () => {
    expect(exactInteger(2n ** 53n - 1n)).toBe(2 ** 53 - 1)
    expect(exactInteger(2n ** 53n)).toBeInstanceOf(JsonInteger)
    const text = stringifyWithBigIntegers({
      a: exactInteger(2n ** 128n - 1n),
      b: [exactInteger(-(10n ** 30n)), 7],
      c: '\u0000bigint:12345678901234567890', // a string that looks like a marked one stays a string
    })
    expect(text).toBe(
      '{"a":340282366920938463463374607431768211455,"b":[-1000000000000000000000000000000,7],"c":"\\u0000bigint:12345678901234567890"}',
    )
    expect(bigIntegerOf((parseJsonKeepingBigIntegers(text) as { a: unknown }).a)).toBe(2n ** 128n - 1n)
  })

  it('devnet_setGasPrice and devnet_getConfig answer u128 prices beyond 2^53 exactly, as starknet-devnet does', async () => {
    await using sim = await startSim({ accounts: 1 })
    const price = 2n ** 100n + 1n
    const answer = await fetch(sim.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"jsonrpc":"2.0","id":1,"method":"devnet_setGasPrice","params":{"l2_gas_price_fri":${price},"gas_price_wei":9007199254740993}}`,
    })
    const text = await answer.text()
    const result = (parseJsonKeepingBigIntegers(text) as { result: Record<string, unknown> }).result
    expect(bigIntegerOf(result.l2_gas_price_fri)).toBe(price)
    expect(bigIntegerOf(result.gas_price_wei)).toBe(2n ** 53n + 1n)
    expect(typeof result.data_gas_price_fri).toBe('number')
    // Committed by a block, they are the current prices devnet_getConfig shows, exactly too.
    const post = async (method: string, params: string) =>
      (
        parseJsonKeepingBigIntegers(
          await (
            await fetch(sim.rpcUrl, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: `{"jsonrpc":"2.0","id":1,"method":"${method}","params":${params}}`,
            })
          ).text(),
        ) as { result: Record<string, unknown> }
      ).result
    await post('devnet_createBlock', '{}')
    const config = await post('devnet_getConfig', '{}')
    expect(bigIntegerOf(config.l2_gas_price_fri)).toBe(price)
    expect(bigIntegerOf(config.gas_price_wei)).toBe(2n ** 53n + 1n)
  })
})
