// The shim keeps its own placement switch (protocol's policy table would add ~0.23 KB gzip to its bundle):
// this test holds the two in step, so protocol's table stays the one truth.
import { PROCEDURES } from '@webwallet/protocol/procedures'
import { isSessionTypedData as policySession, popupFor } from '@webwallet/protocol/wallet'
import { describe, expect, it } from 'vitest'
import { isSessionTypedData, popupPlacement } from './placement'

const INPUTS: unknown[] = [
  undefined,
  [{ primaryType: 'Session', domain: { name: 'SessionAccount.session' } }],
  [{ primaryType: 'Mail', domain: { name: 'Demo' } }],
  { primaryType: 'Session', domain: { name: 'SessionAccount.session' } },
  [{ primaryType: 'Session', domain: { name: 'Elsewhere' } }],
  { silent_mode: true },
]

describe("the shim's placement equals protocol's policy table", () => {
  it('for every procedure and every kind of input', () => {
    const names = [...Object.keys(PROCEDURES), 'unknownProcedure']
    for (const name of names) {
      for (const input of INPUTS) {
        expect(popupPlacement(name, input), `${name} ${JSON.stringify(input)}`).toEqual(popupFor(name, input))
      }
    }
  })

  it('tells session typed data the same way', () => {
    for (const input of INPUTS) {
      const typedData = (Array.isArray(input) ? input[0] : input) as Parameters<typeof isSessionTypedData>[0]
      expect(isSessionTypedData(typedData)).toBe(policySession(typedData))
    }
  })
})

describe("connectAndSignSession's popup, as starknetkit opens it", () => {
  // starknetkit 2.8 and 3.4 (compat/): ensureWallet sets the popup to `/interstitialLogin` at its default
  // 775x385 before connectAndSignSession, which sets no route of its own.
  it('is the login page at 775x385', () => {
    expect(popupPlacement('connectAndSignSession', {})).toEqual({
      route: '/interstitialLogin',
      width: 775,
      height: 385,
    })
  })
})
