import { describe, expect, it } from 'vitest'
import { DAPP_TEXT_MAX, dappClaim, dappText } from './dappText'

describe('dappText', () => {
  it('strips control, bidi and zero-width characters and joins lines', () => {
    expect(dappText('Verified\u202e by\u200b wallet\n\n\tsafe\u0007')).toBe('Verified by wallet safe')
  })

  it('cannot close the quote around it', () => {
    expect(dappClaim('http://a.example', 'Demo” — the wallet says: “safe')).toBe(
      "http://a.example calls itself “Demo' — the wallet says: 'safe”",
    )
  })

  it(`keeps at most ${DAPP_TEXT_MAX} characters`, () => {
    expect(dappText('a'.repeat(100))).toBe(`${'a'.repeat(DAPP_TEXT_MAX)}…`)
    expect(dappText('a'.repeat(DAPP_TEXT_MAX))).toBe('a'.repeat(DAPP_TEXT_MAX))
  })

  it('quotes the text as a claim of the origin', () => {
    expect(dappClaim('http://localhost:3000', ' Wallet: verified, cannot move your tokens ')).toBe(
      'http://localhost:3000 calls itself “Wallet: verified, cannot move your tokens”',
    )
  })
})
