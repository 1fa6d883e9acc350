// The screens' readers and the checks read an address one way, protocol's addressKey, whatever its
// spelling: the call's contract, the token it names, the market's price, the user's own account and a
// session's fee token.
import { addressKey, compactAddress, ETH_ADDRESS, STRK_ADDRESS, toAddress } from '@webwallet/protocol'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sessionSignRequest } from '../../../../protocol/src/typedData/testing/messages'
import { addressSpellings as spellings } from '../../../../protocol/src/typedData/testing/spellings'
import { feltCalls } from './checks'
import { decodeCall } from './decodeCalls'
import { sessionView } from './sessionView'
import { tokenOf } from './tokens'

const address = fc.oneof(
  fc.constantFrom(BigInt(STRK_ADDRESS), BigInt(ETH_ADDRESS), 0x1234n),
  fc.bigInt({ min: 1n, max: 2n ** 251n - 1n }),
)
const spelled = address.chain((felt) => fc.tuple(fc.constant(felt), spellings(felt), spellings(felt)))

describe('the screens and the checks read an address one way', () => {
  it('a call: the contract shown is the contract signed, named by the token it is', () => {
    fc.assert(
      fc.property(spelled, ([felt, spelling]) => {
        const call = {
          contractAddress: String(spelling),
          entrypoint: 'transfer',
          calldata: ['0x1', '1', '0'],
        }
        const shown = decodeCall(call)
        const [signed] = feltCalls([call])
        expect(shown.contract).toBe(toAddress(felt))
        expect(shown.contract).toBe(addressKey(signed?.contractAddress))
        expect(shown.contractLabel === 'STRK').toBe(felt === BigInt(STRK_ADDRESS))
        expect(tokenOf(String(spelling))).toEqual(tokenOf(toAddress(felt)))
      }),
    )
  })

  it("the market's token, and the user's own account, in another spelling", () => {
    fc.assert(
      fc.property(spelled, ([felt, listed, called]) => {
        const market = new Map([[addressKey(listed), { symbol: 'TOK', decimals: 0 }]])
        const call = {
          contractAddress: String(called),
          entrypoint: 'transfer',
          calldata: [String(felt), '5', '0'],
        }
        const shown = decodeCall(call, { market, self: String(listed) })
        expect(shown.summary).toBe(`Transfer 5 TOK to your account (${compactAddress(toAddress(felt))})`)
        expect(shown.changes).toEqual([])
      }),
    )
  })

  it("a session: the fee token's transfer is the gas payment in any two spellings", () => {
    const fee = fc.constantFrom(BigInt(STRK_ADDRESS), BigInt(ETH_ADDRESS))
    fc.assert(
      fc.property(
        fee.chain((felt) => fc.tuple(spellings(felt), spellings(felt))),
        ([capped, allowed]) => {
          const request = sessionSignRequest({
            methods: [[String(allowed), 'transfer']],
            txFees: [{ tokenAddress: String(capped), maxAmount: '1' }],
          })
          const view = sessionView(request, [STRK_ADDRESS, ETH_ADDRESS])
          expect(view.refused).toBeUndefined()
          expect(view.gasPayments).toHaveLength(1)
          expect(view.unbounded).toEqual([])
        },
      ),
    )
  })
})
