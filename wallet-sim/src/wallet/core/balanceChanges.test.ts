import { describe, expect, it } from 'vitest'
import { decodeCall, sumBalanceChanges } from './decodeCalls'

const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const ETH = '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7'
const SELF = '0x0000000000000000000000000000000000000000000000000000000000a11ce0'
const FRIEND = '0xf00d00'
const ONE = '0xde0b6b3a7640000' // 10^18

describe('sumBalanceChanges', () => {
  const context = { self: SELF }
  const decode = (contractAddress: string, entrypoint: string, calldata: string[]) =>
    decodeCall({ contractAddress, entrypoint, calldata }, context)

  it('sums what leaves and reaches the account per token, from the felts signed', () => {
    const { changes, unknown } = sumBalanceChanges([
      decode(STRK, 'transfer', [FRIEND, ONE, '0']),
      decode(STRK, 'transfer', [FRIEND, ONE, '0']),
      decode(ETH, 'transfer_from', [FRIEND, '0xa11ce0', '5', '0']),
      decode(STRK, 'approve', [FRIEND, ONE, '0']),
    ])
    expect(changes.map(({ symbol, delta }) => [symbol, delta])).toEqual([
      ['STRK', -2n * 10n ** 18n],
      ['ETH', 5n],
    ])
    expect(unknown).toEqual([])
  })

  it('a transfer to the account itself moves nothing; a transferFrom out of it is a loss', () => {
    const { changes } = sumBalanceChanges([
      decode(STRK, 'transfer', [SELF, ONE, '0']),
      decode(ETH, 'transferFrom', [SELF, FRIEND, '7', '0']),
    ])
    expect(changes.map(({ symbol, delta }) => [symbol, delta])).toEqual([['ETH', -7n]])
  })

  it('attack: a call of another contract is never counted as "no change": the wallet says it cannot tell', () => {
    const { changes, unknown } = sumBalanceChanges([
      decode('0x123', 'swap_exact_tokens', [ONE, '0']),
      // A token method with a calldata shape the token would not read as a transfer is not guessed either.
      decode(STRK, 'transfer', [FRIEND, ONE]),
    ])
    expect(changes).toEqual([])
    expect(unknown).toEqual(['Call swap_exact_tokens on 0x0000…0123', 'Call transfer on STRK'])
  })
})
