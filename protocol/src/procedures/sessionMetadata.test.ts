import { describe, expect, it } from 'vitest'
import { ValidationError } from '../errors/validation'
import { readApprovalRequests, readSessionMetadata } from './sessionMetadata'

const STRK = '0x4718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const ETH = '0x49d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7'
const FEE_TOKENS = [STRK, ETH]
const text = (value: unknown) => JSON.stringify(value)

describe('readSessionMetadata', () => {
  it('reads the SDK metadata: projectID and exact caps in the paymaster gas tokens', () => {
    const metadata = text({
      projectID: 'demo',
      txFees: [
        {
          tokenAddress: '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d',
          maxAmount: '10000000000000000000',
        },
        { tokenAddress: ETH, maxAmount: '0x2386f26fc10000' },
      ],
    })
    expect(readSessionMetadata(metadata, FEE_TOKENS)).toEqual({
      projectId: 'demo',
      txFees: [
        { tokenAddress: STRK, maxAmount: 10n ** 19n },
        { tokenAddress: ETH, maxAmount: 10n ** 16n },
      ],
    })
  })

  it('reads no metadata and metadata without caps as no caps', () => {
    expect(readSessionMetadata(undefined)).toEqual({ txFees: [] })
    expect(readSessionMetadata('{}')).toEqual({ txFees: [] })
  })

  it.each([
    [
      { txFees: [{ tokenAddress: STRK, maxAmount: 1e19 }] },
      'Session metadata: txFees 0: maxAmount 10000000000000000000 is not an amount (a hex or decimal string of at most 2^128-1 base units)',
    ],
    [
      { txFees: [{ tokenAddress: STRK, maxAmount: '10 STRK' }] },
      'Session metadata: txFees 0: maxAmount "10 STRK" is not an amount (a hex or decimal string of at most 2^128-1 base units)',
    ],
    [
      { txFees: [{ tokenAddress: STRK, maxAmount: '-1' }] },
      'Session metadata: txFees 0: maxAmount "-1" is not an amount (a hex or decimal string of at most 2^128-1 base units)',
    ],
    [
      { txFees: [{ tokenAddress: STRK, maxAmount: `0x1${'0'.repeat(32)}` }] },
      'Session metadata: txFees 0: maxAmount "0x100000000000000000000000000000000" is not an amount (a hex or decimal string of at most 2^128-1 base units)',
    ],
    [
      { txFees: [{ tokenAddress: 'STRK', maxAmount: '1' }] },
      'Session metadata: txFees 0: token address "STRK" is not a felt',
    ],
    [{ txFees: { tokenAddress: STRK, maxAmount: '1' } }, 'Session metadata: txFees is not a list'],
    [
      { txFees: [{ tokenAddress: '0xabc', maxAmount: '1' }] },
      'Session metadata: txFees 0: 0xabc is not a gas token of the paymaster',
    ],
    [
      {
        txFees: [
          { tokenAddress: STRK, maxAmount: '1' },
          { tokenAddress: `0x0${STRK.slice(2)}`, maxAmount: '2' },
        ],
      },
      `Session metadata: txFees lists ${STRK} twice`,
    ],
    [{ projectID: 7 }, 'Session metadata: projectID is not text'],
    [[], 'Session metadata: not a JSON object'],
  ])('refuses caps it cannot read exactly (%#)', (metadata, message) => {
    expect(() => readSessionMetadata(text(metadata), FEE_TOKENS)).toThrow(
      new ValidationError([{ path: [], message }]).message,
    )
    expect(() => readSessionMetadata(text(metadata), FEE_TOKENS)).toThrow(ValidationError)
  })

  it('refuses metadata that is not JSON text', () => {
    expect(() => readSessionMetadata('{txFees:', FEE_TOKENS)).toThrow('Session metadata: not JSON text')
    expect(() => readSessionMetadata({ txFees: [] }, FEE_TOKENS)).toThrow(
      'Session metadata: not JSON text but [object Object]',
    )
  })
})

describe('readApprovalRequests', () => {
  it('reads token, spender and a u256 amount as the approve call sends them', () => {
    expect(
      readApprovalRequests([
        { tokenAddress: `0x0${STRK.slice(2)}`, spender: '0x5bd1', amount: '2500000000000000000' },
        { tokenAddress: ETH, spender: '0x5bd1', amount: `0x${'f'.repeat(64)}` },
      ]),
    ).toEqual([
      { tokenAddress: STRK, spender: '0x5bd1', amount: 2_500_000_000_000_000_000n },
      { tokenAddress: ETH, spender: '0x5bd1', amount: 2n ** 256n - 1n },
    ])
  })

  it.each([
    [
      { tokenAddress: STRK, spender: '0x5bd1', amount: ' 1' },
      'Approval 0: amount " 1" is not an amount (has spaces around it)',
    ],
    [
      { tokenAddress: STRK, spender: '0x5bd1', amount: `0x1${'0'.repeat(64)}` },
      'Approval 0: amount "0x10000000000000000000000000000000000000000000000000000000000000000" is not an amount (not a hex number of at most 64 digits after a lowercase 0x)',
    ],
    [
      { tokenAddress: STRK, spender: 'bob', amount: '1' },
      'Approval 0: spender "bob" is not a felt (text, not a number (a short string is read as its bytes, which the wallet will not guess))',
    ],
  ])('refuses an approval that reads two ways (%#)', (approval, message) => {
    expect(() => readApprovalRequests([approval])).toThrow(ValidationError)
    expect(() => readApprovalRequests([approval])).toThrow(message)
  })
})
