import type { DefiDecomposition, Position, Product } from '@webwallet/protocol'
import { type SeededRandom, seededRandom } from './random'
import { ETH_ADDRESS, STRK_ADDRESS } from './tokens'

const USDC_ADDRESS = '0x053c91253bc9682c04929ca02ed00b3e423f6710d2ee7e0d5ebb06f3ecf368a8'
const XSTRK_ADDRESS = '0x028d709c875c0ceac3dce7065bec5328186dc89fe254527084d1689910954b0a'
const E18 = 10n ** 18n

/**
 * The DeFi positions of an account: one dapp per product type, so every product type and every position
 * kind of docs/protocol.md, Entities appears; amounts and counts are drawn from `seed` and the address.
 *
 * @example
 * const a = decomposeDefi('0x1', 'seed')
 * a.dapps.map((d) => d.products[0]?.type) // all five product types, same on every call
 */
export function decomposeDefi(address: string, seed: string, nowSeconds: number): DefiDecomposition {
  const random = seededRandom(`${seed}:defi:${address}`)
  return {
    dapps: [
      { dappId: 'ekubo', products: [liquidityProduct(random)] },
      { dappId: 'vesu', products: [lendingProduct(random)] },
      { dappId: 'argent-governance', products: [delegationProduct(random)] },
      { dappId: 'starknet-staking', products: [stakingProduct(random, nowSeconds)] },
      { dappId: 'endur', products: [yieldProduct(random)] },
    ],
  }
}

function amount(random: SeededRandom, maxUnits: number): bigint {
  return BigInt(random.int(1, maxUnits)) * E18 + (random.bigint() % E18)
}

function percent(random: SeededRandom, maxBasisPoints: number): string {
  return (random.int(1, maxBasisPoints) / 10000).toFixed(4)
}

function count(random: SeededRandom): number[] {
  return Array.from({ length: random.int(1, 2) }, (_, index) => index)
}

function liquidityProduct(random: SeededRandom): Product {
  const positions = count(random).map((index): Position => {
    const strk = amount(random, 5000)
    const eth = amount(random, 2)
    const price = (0.00004 + random.int(0, 2000) / 1e8).toFixed(8)
    const side = (tokenAddress: string, principal: bigint) => ({
      tokenAddress,
      principal: principal.toString(),
      accruedFees: (principal / BigInt(random.int(50, 500))).toString(),
      minPrice: '0.00004',
      maxPrice: '0.00006',
      currentPrice: price,
    })
    return {
      id: `ekubo-${index}`,
      investmentId: 'ekubo-strk-eth',
      totalBalances: { [STRK_ADDRESS]: strk.toString(), [ETH_ADDRESS]: eth.toString() },
      tokenId: String(random.int(100000, 999999)),
      poolFeePercentage: '0.05',
      tickSpacingPercentage: '0.1',
      token0: side(STRK_ADDRESS, strk),
      token1: side(ETH_ADDRESS, eth),
    }
  })
  return {
    productId: 'ekubo-clp',
    name: 'Ekubo liquidity',
    manageUrl: 'https://app.ekubo.org/positions',
    type: 'concentratedLiquidityPosition',
    positions,
  }
}

function lendingProduct(random: SeededRandom): Product {
  const group = 'vesu-genesis'
  const collateral = amount(random, 3)
  const debt = BigInt(random.int(100, 2000)) * 10n ** 6n
  const lending = (id: string, tokenAddress: string, balance: bigint, isDebt: boolean): Position => ({
    id,
    investmentId: 'vesu-genesis-pool',
    tokenAddress,
    // Debt is reported as a negative balance, as portfolio views subtract it.
    totalBalances: { [tokenAddress]: (isDebt ? -balance : balance).toString() },
    apy: percent(random, 800),
    totalApy: percent(random, 1200),
    group,
    collateral: !isDebt,
    debt: isDebt,
    lending: !isDebt,
  })
  return {
    productId: 'vesu-lending',
    name: 'Vesu lending',
    manageUrl: 'https://vesu.xyz/positions',
    type: 'collateralizedDebtPosition',
    groups: { [group]: { name: 'Genesis pool', healthRatio: (1.2 + random.int(0, 300) / 100).toFixed(2) } },
    positions: [
      lending('vesu-collateral', ETH_ADDRESS, collateral, false),
      lending('vesu-debt', USDC_ADDRESS, debt, true),
    ],
  }
}

function delegationProduct(random: SeededRandom): Product {
  const delegated = amount(random, 10000)
  return {
    name: 'STRK governance delegation',
    type: 'delegatedTokens',
    positions: [
      {
        id: 'delegation-0',
        tokenAddress: STRK_ADDRESS,
        totalBalances: { [STRK_ADDRESS]: delegated.toString() },
        delegatingTo: random.hex(),
      },
    ],
  }
}

function stakingProduct(random: SeededRandom, nowSeconds: number): Product {
  const positions = count(random).map((index): Position => {
    const staked = amount(random, 20000)
    const rewards = staked / BigInt(random.int(20, 200))
    const withdrawing = random.int(0, 1) === 1
    return {
      id: `staking-${index}`,
      tokenAddress: STRK_ADDRESS,
      totalBalances: { [STRK_ADDRESS]: (staked + rewards).toString() },
      stakerInfo: {
        name: random.pick(['Karnot', 'Nethermind', 'Braavos', 'Argent']),
        address: random.hex(),
      },
      accruedRewards: rewards.toString(),
      stakedAmount: staked.toString(),
      ...(withdrawing
        ? {
            pendingWithdrawal: {
              amount: (staked / 4n).toString(),
              // Starknet staking's exit window is 21 days.
              withdrawableAfter: new Date((nowSeconds + 21 * 86400) * 1000).toISOString(),
            },
          }
        : {}),
      apy: percent(random, 1000),
      totalApy: percent(random, 1200),
    }
  })
  return {
    productId: 'strk-staking',
    name: 'STRK delegated staking',
    type: 'strkDelegatedStaking',
    positions,
  }
}

function yieldProduct(random: SeededRandom): Product {
  const shares = amount(random, 5000)
  const apy = percent(random, 900)
  return {
    productId: 'endur-xstrk',
    name: 'Endur liquid staking',
    manageUrl: 'https://app.endur.fi',
    type: 'staking',
    positions: [
      {
        id: 'endur-0',
        tokenAddress: XSTRK_ADDRESS,
        totalBalances: { [XSTRK_ADDRESS]: shares.toString() },
        apy,
        totalApy: apy,
      },
    ],
  }
}
