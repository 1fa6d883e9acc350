// The checks once: what the consent shows is what the wallet can sign, read by protocol's canonical reader;
// the server runs the same session check again with the wallet's chain.
import { isWebWalletError } from '@webwallet/protocol/errors'
import { describe, expect, it } from 'vitest'
import { MAIL, STRK, sessionRequest } from '../fixtures'
import { checkSessionRequest, checkSessionTypedData, checkTypedData } from './checks'

const SEPOLIA = '0x534e5f5345504f4c4941'
const session = () => sessionRequest(1_900_000_000).typedData

describe('the checks', () => {
  it('read typed data by its felts: a mail is text, a session is a session', () => {
    expect(checkTypedData(MAIL, [STRK]).kind.kind).not.toBe('session')
    expect(checkTypedData(session(), [STRK]).kind.kind).toBe('session')
  })

  it('refuse a session whose fee caps name a token that pays no gas', () => {
    expect(() => checkTypedData(session(), ['0x1234'])).toThrow()
    expect(() => checkSessionTypedData(session(), ['0x1234'])).toThrow()
  })

  it('refuse what is no session, and a session for another chain when the chain is given', () => {
    const notSession = (() => {
      try {
        checkSessionTypedData(MAIL, [STRK])
      } catch (error) {
        return error
      }
    })()
    expect(isWebWalletError(notSession, 'VALIDATION')).toBe(true)
    expect((notSession as Error).message).toBe(
      'Not a session: primaryType must be Session in the SessionAccount.session domain',
    )
    expect(checkSessionTypedData(session(), [STRK], SEPOLIA).kind.kind).toBe('session')
    expect(() => checkSessionTypedData(session(), [STRK], '0x534e5f4d41494e')).toThrow(
      `The session is for chain ${SEPOLIA}, the wallet is on 0x534e5f4d41494e`,
    )
  })

  it('a session request comes back in canonical spelling, its approvals read', () => {
    const request = { sessionTypedData: session(), approvalRequests: [] }
    const checked = checkSessionRequest(request, [STRK])
    expect(checked.approvalRequests).toEqual([])
    expect(checkTypedData(checked.sessionTypedData, [STRK]).kind.kind).toBe('session')
  })
})
