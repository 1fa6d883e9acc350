import { RpcProvider } from 'starknet'
import { RpcProvider as RpcProviderV8 } from 'starknet-v8'
import { describe, expect, it } from 'vitest'
import { COUNTER_ADDRESS } from '../chain/contracts/index'
import { toHex } from '../chain/felt'
import { startSim } from '../index'

// starknet.js pads from_address to 40 hex digits and turns an entry point name into its selector.
const message = {
  from_address: '0x8453FC6Cd1bCfE8D4dFC069C400B433054d47bDc',
  to_address: toHex(COUNTER_ADDRESS),
  entry_point_selector: 'increase_from_l1',
  payload: ['5'],
}

describe('starknet.js estimateMessageFee against the simulator', () => {
  it('v10 (RPC 0.10) gets a WEI estimate of the demo counter L1 handler', async () => {
    await using sim = await startSim({ accounts: 1 })
    const provider = new RpcProvider({ nodeUrl: sim.rpcUrl })
    const fee = await provider.estimateMessageFee(message)
    expect(fee).toMatchObject({ unit: 'WEI', l1_gas_consumed: '0x0' })
    expect(BigInt(fee.overall_fee)).toBe(
      BigInt(fee.l2_gas_consumed) * BigInt(fee.l2_gas_price) +
        BigInt(fee.l1_data_gas_consumed) * BigInt(fee.l1_data_gas_price),
    )
    await expect(provider.estimateMessageFee({ ...message, payload: ['0'] })).rejects.toMatchObject({
      baseError: { code: 40, message: 'Contract error' },
    })
  })

  it('v8 (RPC 0.9) gets the same estimate', async () => {
    await using sim = await startSim({ accounts: 1 })
    const v10 = await new RpcProvider({ nodeUrl: sim.rpcUrl }).estimateMessageFee(message)
    const provider = new RpcProviderV8({ nodeUrl: `${sim.url}/rpc/v0_9` })
    expect(await provider.estimateMessageFee(message)).toEqual(v10)
    await expect(
      provider.estimateMessageFee({ ...message, entry_point_selector: 'increment', payload: [] }),
    ).rejects.toMatchObject({ baseError: { code: 40 } })
  })
})
