import { describe, expect, it } from 'vitest'
import { POPUP_SIZES, WALLET_ROUTES } from '../constants'
import { PROCEDURES } from '../procedures/procedures'
import { isSessionTypedData, PROCEDURE_POLICIES, popupFor, procedurePolicy } from './policy'

const SESSION = { primaryType: 'Session', domain: { name: 'SessionAccount.session' } }
const MAIL = { primaryType: 'Mail', domain: { name: 'Demo' } }

describe('the per-procedure policy table', () => {
  it('has one row per mutation of the router, and nothing else', () => {
    const mutations = Object.keys(PROCEDURES).filter((name) => name !== 'updateModal')
    expect(Object.keys(PROCEDURE_POLICIES).sort()).toEqual(mutations.sort())
  })

  it('places popups as docs/protocol.md, Parties and routes says', () => {
    expect(popupFor('signTypedData', [MAIL])).toEqual({ route: '/signMessage', width: 385, height: 440 })
    expect(popupFor('signMessage', [SESSION])).toEqual({ route: '/signSessionKeys', width: 385, height: 440 })
    // As starknetkit 2.x/3.x open it (issue 35): the login page at its size, which then asks for the session.
    expect(popupFor('connectAndSignSession')).toEqual({ route: WALLET_ROUTES.login, ...POPUP_SIZES.default })
    expect(popupFor('execute')).toEqual({ route: '/review', width: 385, height: 775 })
    expect(popupFor('addInvokeTransaction')).toEqual({ route: '/review', width: 385, height: 775 })
    for (const other of ['connect', 'enable', 'requestAccounts', 'deploymentData', 'watchAsset', 'nope']) {
      expect(popupFor(other), other).toEqual({ route: '/interstitialLogin', width: 775, height: 385 })
    }
  })

  it('reads the input where it decides: a session typed data, a silent requestAccounts', () => {
    expect(procedurePolicy('signTypedData', [SESSION])?.prompt).toBe('signSession')
    expect(procedurePolicy('signTypedData', [MAIL])?.prompt).toBe('signTypedData')
    expect(procedurePolicy('requestAccounts', { silent_mode: true })).toMatchObject({ readOnly: true })
    expect(procedurePolicy('requestAccounts', { silent_mode: true })?.prompt).toBeUndefined()
    expect(procedurePolicy('requestAccounts', { silent_mode: false })).toMatchObject({
      prompt: 'connect',
      login: true,
    })
    // An inherited name is no procedure.
    expect(procedurePolicy('toString')).toBeUndefined()
    expect(procedurePolicy('__proto__')).toBeUndefined()
  })

  it('answers without a screen only what reveals nothing and changes nothing', () => {
    const quiet = Object.entries(PROCEDURE_POLICIES).flatMap(([name, row]) => (row.readOnly ? [name] : []))
    expect(quiet.sort()).toEqual(['getLoginStatus', 'getPermissions', 'requestChainId'])
    for (const [name, row] of Object.entries(PROCEDURE_POLICIES)) {
      if (row.prompt !== undefined) expect(row.login, name).toBe(true)
      if (row.readOnly) expect(row.login, name).toBeUndefined()
    }
    expect(PROCEDURE_POLICIES.deploymentData).toEqual({ route: 'login', size: 'default', connection: true })
  })

  it('tells session typed data from the rest', () => {
    expect(isSessionTypedData(SESSION)).toBe(true)
    expect(isSessionTypedData(MAIL)).toBe(false)
    expect(isSessionTypedData({ primaryType: 'Session', domain: { name: 'Other' } })).toBe(false)
    expect(isSessionTypedData(undefined)).toBe(false)
  })
})
