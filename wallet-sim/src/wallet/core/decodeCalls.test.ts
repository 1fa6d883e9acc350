import { convertCalldataValue } from '@webwallet/protocol/procedures'
import { describe, expect, it } from 'vitest'
import { decodeCall } from './decodeCalls'

const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const FRIEND = '0xf00d00'
const FRIEND_ADDRESS = '0x0000000000000000000000000000000000000000000000000000000000f00d00'

describe('decodeCall reads the felts the wallet signs', () => {
  it('spells out an honest transfer and approve from the felts, addresses from the felt in 64 digits', () => {
    // The same recipient in any form reads the same.
    const padded = decodeCall({
      contractAddress: STRK,
      entrypoint: 'transfer',
      calldata: [FRIEND_ADDRESS, '1', '0'],
    })
    expect(padded.summary).toBe('Transfer 0.000000000000000001 STRK to 0x0000…0d00')
    expect(
      decodeCall({ contractAddress: STRK, entrypoint: 'transfer', calldata: [FRIEND, '1', '0'] }),
    ).toEqual({
      contract: '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d',
      contractLabel: 'STRK',
      entrypoint: 'transfer',
      summary: 'Transfer 0.000000000000000001 STRK to 0x0000…0d00',
      calldata: ['0xf00d00', '0x1', '0x0'],
      changes: [
        {
          token: '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d',
          symbol: 'STRK',
          decimals: 18,
          delta: -1n,
        },
      ],
    })
    expect(
      decodeCall({ contractAddress: STRK, entrypoint: 'approve', calldata: [FRIEND, '0xde0b6b3a7640000', 0] })
        .summary,
    ).toBe('Allow 0x0000…0d00 to spend 1 STRK')
  })

  // Each value is a felt to the signer's old reading (starknet.js' conversion), another than the one shown.
  it.each([
    ['1 ', 'reads as a number'],
    ['-1', 'reads as a number'],
    ['1e18', 'reads as a number'],
  ])('refuses an amount %j that starknet.js reads as another felt', (amount, why) => {
    expect(convertCalldataValue(amount, 1)).not.toBe(1n)
    const decoded = decodeCall({
      contractAddress: STRK,
      entrypoint: 'transfer',
      calldata: [FRIEND, amount, '0'],
    })
    expect(decoded.unreadable).toContain(why)
    expect(decoded.summary).toMatch(/^Cannot be shown as what would be signed: calldata\[1\]: /)
  })

  it('refuses a recipient that reads like an address but is a short string', () => {
    const lookalike = '0xf00d0000000000000000000000g0'
    expect(convertCalldataValue(lookalike, 0)).not.toBe(0xf00d00n)
    const decoded = decodeCall({
      contractAddress: STRK,
      entrypoint: 'transfer',
      calldata: [lookalike, '1', '0'],
    })
    expect(decoded.unreadable).toContain('reads as a number')
  })

  it('does not call a u256 with a half of 2^128 or more an amount', () => {
    const decoded = decodeCall({
      contractAddress: STRK,
      entrypoint: 'transfer',
      calldata: [FRIEND, `0x1${'0'.repeat(32)}`, '0'],
    })
    expect(decoded.summary).toBe('Call transfer on STRK')
  })

  it('decodes only the exact token entry points (another case is another selector)', () => {
    expect(
      decodeCall({ contractAddress: STRK, entrypoint: 'Transfer', calldata: [FRIEND, '1', '0'] }).summary,
    ).toBe('Call Transfer on STRK')
    expect(
      decodeCall({
        contractAddress: STRK,
        entrypoint: '0x83afd3f4caedc6eebf44246fe54e38c95e3179a5ec9ea81740eca5b482d12e',
        calldata: [FRIEND, '1', '0'],
      }).summary,
    ).toBe('Transfer 0.000000000000000001 STRK to 0x0000…0d00')
  })
})
