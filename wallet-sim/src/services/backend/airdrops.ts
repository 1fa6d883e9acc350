import type { Airdrop } from '@webwallet/protocol'
import { seededRandom } from './random'
import { STRK_ADDRESS } from './tokens'

const DAY = 86400

/**
 * The airdrops an account can claim: always one open STRK drop, and for some addresses (drawn from the
 * seed) a second one that opens in a week, so clients see both a claimable and an upcoming entry.
 *
 * @example
 * airdropsFor('0x1', 'seed', 1_700_000_000)[0]?.tokenAddress // the STRK address
 */
export function airdropsFor(address: string, seed: string, nowSeconds: number): Airdrop[] {
  const random = seededRandom(`${seed}:airdrops:${address}`)
  const drops: Airdrop[] = [
    {
      name: 'Starknet community provisions',
      tokenAddress: STRK_ADDRESS,
      amount: (BigInt(random.int(10, 2000)) * 10n ** 18n).toString(),
      claimUrl: 'https://provisions.starknet.io',
      claimStart: isoDate(nowSeconds - DAY),
      claimEnd: isoDate(nowSeconds + 30 * DAY),
    },
  ]
  if (random.int(0, 1) === 1) {
    drops.push({ tokenAddress: STRK_ADDRESS, claimStart: isoDate(nowSeconds + 7 * DAY) })
  }
  return drops
}

function isoDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString()
}
