// Type-level tests of the connector's request map (checked by `tsc`; vitest runs the file too): every
// procedure name and input the connector may send is protocol's, and a wallet_* request routes only to them.
import type { Call, SessionSignRequest, TypedData } from '@webwallet/protocol'
import { describe, expectTypeOf, it } from 'vitest'
import type { WalletCall, WalletInputs, WalletMutation } from './procedures'
import { type RequestRoute, routeRequest } from './request'

describe('the connector request map (types)', () => {
  it('names exactly the router mutations, never the updateModal subscription', () => {
    expectTypeOf<WalletMutation>().toEqualTypeOf<
      | 'authorize'
      | 'connect'
      | 'connectWebwallet'
      | 'connectWebwalletSSO'
      | 'connectAndSignSession'
      | 'enable'
      | 'getLoginStatus'
      | 'logout'
      | 'requestAccounts'
      | 'requestChainId'
      | 'getPermissions'
      | 'signTypedData'
      | 'signMessage'
      | 'addInvokeTransaction'
      | 'execute'
      | 'deploymentData'
      | 'addStarknetChain'
      | 'switchStarknetChain'
      | 'watchAsset'
    >()
    expectTypeOf<'updateModal'>().not.toMatchTypeOf<WalletMutation>()
  })

  it('pairs each procedure with its own input', () => {
    // starknet.js's tuple: the typed data first (readonly, as tRPC infers it).
    expectTypeOf<NonNullable<WalletInputs['signTypedData'][0]>>().toEqualTypeOf<TypedData>()
    expectTypeOf<[TypedData]>().toMatchTypeOf<WalletInputs['signTypedData']>()
    expectTypeOf<WalletInputs['connectAndSignSession']>().toMatchTypeOf<SessionSignRequest>()
    expectTypeOf<WalletInputs['connectWebwalletSSO']>().toMatchTypeOf<{ token: string }>()
    expectTypeOf<Extract<WalletCall, { procedure: 'requestAccounts' }>['input']>().toEqualTypeOf<
      WalletInputs['requestAccounts']
    >()
    // A call with another procedure's input is no WalletCall.
    expectTypeOf<{
      procedure: 'signTypedData'
      input: { silent_mode: true }
    }>().not.toMatchTypeOf<WalletCall>()
    expectTypeOf<{ procedure: 'nope'; input: undefined }>().not.toMatchTypeOf<WalletCall>()
  })

  it('routes a wallet_* request to a WalletCall or a local answer', () => {
    expectTypeOf(routeRequest).returns.toEqualTypeOf<RequestRoute>()
    expectTypeOf<RequestRoute>().toEqualTypeOf<WalletCall | { local: unknown }>()
    expectTypeOf<[Call[]]>().toMatchTypeOf<WalletInputs['execute']>()
    expectTypeOf<[Call]>().toMatchTypeOf<WalletInputs['execute']>()
    expectTypeOf<[string]>().not.toMatchTypeOf<WalletInputs['execute']>()
  })
})
