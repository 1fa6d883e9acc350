// Type-level tests of the wallet handlers (checked by `tsc`; vitest runs the file too): the core answers
// exactly protocol's WalletHandlers for any mode, and a mode's user type flows through every operation.
import type { DeploymentData, LoginStatus, SessionSignResult } from '@webwallet/protocol'
import type { WalletContext, WalletHandlers } from '@webwallet/protocol/router'
import type { PromptKind } from '@webwallet/protocol/wallet'
import { describe, expectTypeOf, it } from 'vitest'
import { createWalletHandlers, type Prompt, type WalletMode } from './index'

describe('the wallet handlers (types)', () => {
  it('the core builds protocol WalletHandlers from a mode of any user type', () => {
    expectTypeOf(createWalletHandlers<{ id: number }>)
      .parameter(0)
      .toEqualTypeOf<WalletMode<{ id: number }>>()
    expectTypeOf(createWalletHandlers<string>).returns.toEqualTypeOf<WalletHandlers>()
  })

  it('each procedure answers what the router promises', () => {
    type Answer<N extends keyof WalletHandlers> = Awaited<ReturnType<NonNullable<WalletHandlers[N]>>>
    expectTypeOf<Answer<'getLoginStatus'>>().toEqualTypeOf<LoginStatus>()
    expectTypeOf<Answer<'requestAccounts'>>().toEqualTypeOf<string[]>()
    expectTypeOf<Answer<'deploymentData'>>().toEqualTypeOf<DeploymentData>()
    expectTypeOf<Answer<'connectAndSignSession'>>().toEqualTypeOf<SessionSignResult>()
    expectTypeOf<Answer<'enable'>>().toEqualTypeOf<string>()
    expectTypeOf<Parameters<WalletHandlers['execute']>[1]>().toEqualTypeOf<WalletContext>()
  })

  it('a mode works on its own user: no other user type fits', () => {
    type Page = WalletMode<{ address: string }>
    expectTypeOf<Parameters<Page['backend']['signTypedData']>[0]>().toEqualTypeOf<{ address: string }>()
    expectTypeOf<ReturnType<Page['user']>>().toEqualTypeOf<Promise<{ address: string } | undefined>>()
    expectTypeOf<WalletMode<number>>().not.toMatchTypeOf<Page>()
  })

  it('one prompt vocabulary: the policy table kinds, each with what it shows', () => {
    expectTypeOf<Prompt['kind']>().toEqualTypeOf<PromptKind>()
    expectTypeOf<Extract<Prompt, { kind: 'execute' }>>().toHaveProperty('calls')
    expectTypeOf<Extract<Prompt, { kind: 'signSession' }>>().toHaveProperty('request')
    expectTypeOf<Extract<Prompt, { kind: 'signTypedData' }>>().toHaveProperty('typedData')
  })
})
