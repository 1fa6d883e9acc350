import { describe, expect, it } from 'vitest'
import { readTypedData } from './index'
import { show } from './values'

describe('show', () => {
  it('writes bigints at any depth, so a refusal never fails on the value it names', () => {
    expect(show(5n)).toBe('5n')
    expect(show({ 'Contract Address': 7n, selector: 'x' })).toBe('{"Contract Address":"7n","selector":"x"}')
    expect(show('a'.repeat(100))).toHaveLength(80)
  })

  it('a leaf object holding a bigint where a shortstring belongs is a coded refusal, not a TypeError', () => {
    const typedData = {
      types: {
        StarknetDomain: [
          { name: 'name', type: 'shortstring' },
          { name: 'version', type: 'shortstring' },
          { name: 'chainId', type: 'shortstring' },
          { name: 'revision', type: 'shortstring' },
        ],
        Mail: [{ name: 'Items', type: 'merkletree', contains: 'shortstring' }],
      },
      primaryType: 'Mail',
      domain: { name: 'Dapp', version: '1', chainId: 'SN_SEPOLIA', revision: '1' },
      message: { Items: [{ 'Contract Address': 7n, selector: 'x' }] },
    }
    expect(() => readTypedData(typedData).messageHash('0x1')).toThrow(
      expect.objectContaining({ code: 'VALIDATION' }),
    )
  })
})
