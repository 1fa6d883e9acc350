// The shim's zod-free DeFi guard against protocol's DefiDecompositionSchema, on the same answers: both
// accept every valid kind and both refuse each real malformation (not just an unknown top-level shape).
import { DefiDecompositionSchema } from '@webwallet/protocol'
import { describe, expect, it } from 'vitest'
import { isDefiDecomposition } from './guards'

const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const balances = { [STRK]: '100' }
const token = { principal: '1', accruedFees: '0', minPrice: '1', maxPrice: '2', currentPrice: '1.5' }
const staking = {
  id: 'staking-0',
  tokenAddress: STRK,
  totalBalances: balances,
  stakerInfo: { name: 'Karnot', address: '0xabc' },
  accruedRewards: '3',
  stakedAmount: '97',
  apy: '4.2',
  totalApy: '4.5',
}
const positions = {
  liquidity: {
    id: 'lp',
    totalBalances: balances,
    tokenId: '7',
    poolFeePercentage: '0.3',
    token0: token,
    token1: token,
  },
  lending: { id: 'vesu', totalBalances: balances, collateral: true, debt: false, lending: true },
  delegation: { id: 'd', totalBalances: balances, delegatingTo: '0x1' },
  yield: { id: 'endur', totalBalances: balances, apy: '5', totalApy: '5' },
  staking,
}
const answer = (position: unknown, type = 'staking', extra: Record<string, unknown> = {}) => ({
  dapps: [{ dappId: 'd', products: [{ name: 'p', type, positions: [position], ...extra }] }],
})
const { stakerInfo: _noStaker, ...stakingWithoutStaker } = staking

const VALID: [string, unknown][] = [
  ...Object.entries(positions).map(([kind, position]): [string, unknown] => [kind, answer(position)]),
  [
    'a staking position withdrawing',
    answer({ ...staking, pendingWithdrawal: { amount: '1', withdrawableAfter: 'x' } }),
  ],
  [
    'a product with groups',
    answer(positions.lending, 'collateralizedDebtPosition', {
      groups: { g: { name: 'G', healthRatio: '1.2' } },
    }),
  ],
  ['no dapps', { dapps: [] }],
]
const INVALID: [string, unknown][] = [
  [
    'a staking position without stakerInfo (it has apy and totalApy, the yield fields)',
    answer(stakingWithoutStaker),
  ],
  ['a staker without an address', answer({ ...staking, stakerInfo: { name: 'Karnot' } })],
  ['a staking position with a numeric stakedAmount', answer({ ...staking, stakedAmount: 97 })],
  ['a half pending withdrawal', answer({ ...staking, pendingWithdrawal: { amount: '1' } })],
  ['a liquidity position without token1', answer({ ...positions.liquidity, token1: undefined })],
  [
    'a liquidity token without its current price',
    answer({ ...positions.liquidity, token0: { ...token, currentPrice: undefined } }),
  ],
  ['a lending position whose collateral flag is text', answer({ ...positions.lending, collateral: 'yes' })],
  ['a delegation to a number', answer({ ...positions.delegation, delegatingTo: 1 })],
  ['a yield position without totalApy', answer({ ...positions.yield, totalApy: undefined })],
  ['numeric balances', answer({ ...positions.yield, totalBalances: { [STRK]: 100 } })],
  ['a position without id', answer({ ...positions.yield, id: undefined })],
  ['an unknown product type', answer(positions.yield, 'farming')],
  [
    'a group without a name',
    answer(positions.lending, 'collateralizedDebtPosition', { groups: { g: { healthRatio: '1' } } }),
  ],
  ['dapps that are not a list', { dapps: { d: {} } }],
  ['a dapp without products', { dapps: [{ dappId: 'd' }] }],
]

describe('isDefiDecomposition matches protocol DefiDecompositionSchema', () => {
  it.each(VALID)('accepts %s', (_name, value) => {
    expect(DefiDecompositionSchema.safeParse(value).success).toBe(true)
    expect(isDefiDecomposition(value)).toBe(true)
  })
  it.each(INVALID)('refuses %s', (_name, value) => {
    expect(DefiDecompositionSchema.safeParse(value).success).toBe(false)
    expect(isDefiDecomposition(value)).toBe(false)
  })
})
