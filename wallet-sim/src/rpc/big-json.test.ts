// devnet_mint's amount as starknet-devnet takes it: a JSON number of any size (u128), read exactly.
import { describe, expect, it } from 'vitest'
import { startSim } from '../index'
import { parseJsonKeepingBigIntegers } from './big-json'

describe('big integers in JSON-RPC bodies', () => {
  it('keeps strings and safe numbers as JSON.parse does', () => {
    const text =
      '{"a":"1000000000000000000000","b":9007199254740991,"c":[1.5,2e30],"d":"x\\"12345678901234567"}'
    expect(parseJsonKeepingBigIntegers(text)).toEqual(JSON.parse(text))
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
})
