// The proof rule (docs/security.md, "the proof rule"): "it cannot move tokens" only for typed data whose every
// signed felt is text or yes/no. The four shapes that beat the old heuristic are not text here.
import { describe, expect, it } from 'vitest'
import { isWebWalletError } from '../errors'
import { typedDataMeaning } from './meaning'

const REV1_DOMAIN = [
  { name: 'name', type: 'shortstring' },
  { name: 'version', type: 'shortstring' },
  { name: 'chainId', type: 'shortstring' },
  { name: 'revision', type: 'shortstring' },
]
const rev1 = (fields: { name: string; type: string }[], message: Record<string, unknown>, extra = {}) => ({
  types: { StarknetDomain: REV1_DOMAIN, Greeting: fields, ...extra },
  primaryType: 'Greeting',
  domain: { name: 'Example', version: '1', chainId: 'SN_SEPOLIA', revision: '1' },
  message,
})
const proof = (typedData: unknown) => typedDataMeaning(typedData).proof

describe('the proof rule', () => {
  it('calls a message of text, short strings and yes/no text only', () => {
    const login = rev1(
      [
        { name: 'Statement', type: 'string' },
        { name: 'Site', type: 'shortstring' },
        { name: 'Remember', type: 'bool' },
        { name: 'Tags', type: 'shortstring*' },
      ],
      { Statement: 'Sign in to example.com', Site: 'example.com', Remember: true, Tags: ['login', 'web'] },
    )
    expect(proof(login)).toEqual({ textOnly: true })
    // The same felts spelled as hex: the same decision.
    expect(proof({ ...login, message: { ...login.message, Site: '0x6578616d706c652e636f6d' } })).toEqual({
      textOnly: true,
    })
  })

  it('shape 1: revision 0, where "string" and every other type is signed as a number', () => {
    const rev0 = {
      types: {
        StarkNetDomain: [
          { name: 'name', type: 'felt' },
          { name: 'chainId', type: 'felt' },
        ],
        Greeting: [{ name: 'text', type: 'string' }],
      },
      primaryType: 'Greeting',
      domain: { name: 'Example', chainId: 'SN_SEPOLIA' },
      message: { text: '1000000000000000000000' },
    }
    expect(proof(rev0)).toMatchObject({ textOnly: false, why: expect.stringMatching(/revision 0/) })
  })

  it('shape 2: a type the dapp names as a basic type is refused, never read', () => {
    let error: unknown
    try {
      typedDataMeaning(
        rev1(
          [{ name: 'text', type: 'shortstring' }],
          { text: { to: '0x1', amount: '1000' } },
          {
            shortstring: [
              { name: 'to', type: 'felt' },
              { name: 'amount', type: 'felt' },
            ],
          },
        ),
      )
    } catch (caught) {
      error = caught
    }
    expect(isWebWalletError(error, 'VALIDATION')).toBe(true)
  })

  it.each(['felt', 'u128', 'timestamp', 'ContractAddress', 'ClassHash', 'i128'])(
    'shape 3: a %s field is a number, whatever it holds',
    (type) => {
      expect(proof(rev1([{ name: 'text', type }], { text: '5' }))).toMatchObject({ textOnly: false })
    },
  )

  it.each([
    ['1000000000000000000000'],
    ['0x3635c9adc5dea00000'],
    [' 1000 '],
    ['0o17'],
    ['1e21'],
    ['1,000'],
    ['deadbeef'],
  ])('shape 4: a short string that reads as a number (%s) is a number', (text) => {
    expect(proof(rev1([{ name: 'text', type: 'shortstring' }], { text }))).toMatchObject({ textOnly: false })
    expect(proof(rev1([{ name: 'text', type: 'string' }], { text }))).toMatchObject({ textOnly: false })
  })

  it('never for presets, enums, Merkle trees, selectors or names of a spending kind', () => {
    expect(proof(rev1([{ name: 'text', type: 'u256' }], { text: { low: 1, high: 0 } }))).toMatchObject({
      textOnly: false,
      why: 'text is a u256, an amount',
    })
    expect(proof(rev1([{ name: 'text', type: 'selector' }], { text: 'transfer' }))).toMatchObject({
      textOnly: false,
    })
    expect(
      proof(
        rev1([{ name: 'text', type: 'merkletree', contains: 'shortstring' } as never], { text: ['hello'] }),
      ),
    ).toMatchObject({ textOnly: false })
    expect(proof(rev1([{ name: 'Approve', type: 'string' }], { Approve: 'yes' }))).toMatchObject({
      textOnly: false,
      why: 'it has a field "Approve"',
    })
  })
})
