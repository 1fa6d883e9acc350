import { describe, expect, it } from 'vitest'
import { maxCost, maxFeeFromEstimate, resourceBoundsFromEstimate, rpcResourceBounds } from './fees'

const estimate = {
  l1_gas_consumed: '0x0',
  l1_gas_price: '0x64',
  l2_gas_consumed: '0x30d40',
  l2_gas_price: '0x3b9aca00',
  l1_data_gas_consumed: '0x80',
  l1_data_gas_price: '0x10',
  overall_fee: '0x2d79883d20000',
}

describe('fee margins', () => {
  it('adds 50% to every amount and every price', () => {
    const bounds = resourceBoundsFromEstimate(estimate)
    expect(bounds.l2_gas).toEqual({ max_amount: 300_000n, max_price_per_unit: 1_500_000_000n })
    expect(bounds.l1_data_gas).toEqual({ max_amount: 192n, max_price_per_unit: 24n })
    expect(bounds.l1_gas).toEqual({ max_amount: 0n, max_price_per_unit: 150n })
    expect(maxCost(bounds)).toBe(300_000n * 1_500_000_000n + 192n * 24n)
  })

  it('adds 50% to a max fee', () => {
    expect(maxFeeFromEstimate({ ...estimate, overall_fee: '1000' })).toBe(1500n)
  })

  it('writes bounds as hex for the node', () => {
    expect(rpcResourceBounds(resourceBoundsFromEstimate(estimate)).l2_gas).toEqual({
      max_amount: '0x493e0',
      max_price_per_unit: '0x59682f00',
    })
  })
})
