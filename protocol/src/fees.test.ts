import { describe, expect, it } from 'vitest'
import {
  FEE_MARGIN_GAS_PRICE_PERCENT,
  FEE_MARGIN_L1_GAS_AMOUNT_PERCENT,
  FEE_MARGIN_MAX_FEE_PERCENT,
} from './constants'
import {
  addPercent,
  boundsFromEstimate,
  boundsToHex,
  boundsWithMargin,
  feeOf,
  maxCost,
  maxFeeWithMargin,
  sumEstimates,
} from './fees'

const amounts = { l1_gas: 0n, l2_gas: 1_001n, l1_data_gas: 129n }
const prices = { l1_gas: 7n, l2_gas: 3n, l1_data_gas: 11n }

describe('fees', () => {
  it('adds a percentage rounded down, as starknet.js does', () => {
    expect(addPercent(1000n, 50)).toBe(1500n)
    expect(addPercent(3n, 50)).toBe(4n)
    expect(addPercent(0n, 50)).toBe(0n)
  })

  it('puts the protocol margins on every amount and every price', () => {
    expect([FEE_MARGIN_L1_GAS_AMOUNT_PERCENT, FEE_MARGIN_GAS_PRICE_PERCENT]).toEqual([50, 50])
    expect(boundsWithMargin(amounts, prices)).toEqual({
      l1_gas: { max_amount: 0n, max_price_per_unit: 10n },
      l2_gas: { max_amount: 1_501n, max_price_per_unit: 4n },
      l1_data_gas: { max_amount: 193n, max_price_per_unit: 16n },
    })
  })

  it('reads bounds from a node estimate as from amounts and prices', () => {
    const estimate = {
      l1_gas_consumed: '0x0',
      l1_gas_price: '7',
      l2_gas_consumed: '0x3e9',
      l2_gas_price: '0x3',
      l1_data_gas_consumed: 129n,
      l1_data_gas_price: '0xb',
    }
    expect(boundsFromEstimate(estimate)).toEqual(boundsWithMargin(amounts, prices))
  })

  it('adds the max-fee margin to an expected fee', () => {
    expect(FEE_MARGIN_MAX_FEE_PERCENT).toBe(50)
    expect(maxFeeWithMargin(1001n)).toBe(1501n)
  })

  it('prices usage as the sum of amount × price', () => {
    expect(feeOf(amounts, prices)).toBe(1_001n * 3n + 129n * 11n)
  })

  it('bounds the cost by Σ max amount × max price, plus the tip per L2 gas unit', () => {
    const bounds = boundsWithMargin(amounts, prices)
    expect(maxCost(bounds)).toBe(1_501n * 4n + 193n * 16n)
    expect(maxCost(bounds, 2n)).toBe(1_501n * 4n + 193n * 16n + 2n * 1_501n)
    expect(maxCost({ l2_gas: { max_amount: '0x10', max_price_per_unit: '0x2' } }, '0x1')).toBe(48n)
    expect(maxCost({ l1_gas: undefined })).toBe(0n)
  })

  it('writes bounds as lowercase hex, the wire form', () => {
    expect(boundsToHex(boundsWithMargin(amounts, prices))).toEqual({
      l1_gas: { max_amount: '0x0', max_price_per_unit: '0xa' },
      l2_gas: { max_amount: '0x5dd', max_price_per_unit: '0x4' },
      l1_data_gas: { max_amount: '0xc1', max_price_per_unit: '0x10' },
    })
  })
})

describe('sumEstimates', () => {
  const a = {
    l1_gas_consumed: '0x1',
    l1_gas_price: '0x64',
    l2_gas_consumed: '0x10',
    l2_gas_price: '0x5',
    l1_data_gas_consumed: '0x2',
    l1_data_gas_price: '0x9',
    overall_fee: '0x100',
    unit: 'FRI',
  }
  const b = {
    ...a,
    l1_gas_price: '0x10',
    l2_gas_consumed: '32',
    l2_gas_price: '0x7',
    overall_fee: '0x1',
    unit: 'WEI',
  }

  it('adds amounts and fees, keeps the highest price and the first unit', () => {
    expect(sumEstimates([a, b])).toEqual({
      l1_gas_consumed: '0x2',
      l1_gas_price: '0x64',
      l2_gas_consumed: '0x30',
      l2_gas_price: '0x7',
      l1_data_gas_consumed: '0x4',
      l1_data_gas_price: '0x9',
      overall_fee: '0x101',
      unit: 'FRI',
    })
  })

  it('leaves the unit out when the first estimate has none', () => {
    const { unit: _, ...bare } = a
    expect(sumEstimates([bare])).not.toHaveProperty('unit')
    expect(sumEstimates([bare]).overall_fee).toBe('0x100')
  })
})
