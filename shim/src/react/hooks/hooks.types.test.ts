// Type-level tests of the React hooks' inferred public types (checked by `tsc`; vitest runs the file too).
import type { DefiDecomposition, SessionStatus, TokenBalance } from '@webwallet/protocol'
import { describe, expectTypeOf, it } from 'vitest'
import type { SessionAccount } from '../../account/SessionAccount'
import type { Portfolio } from '../../portfolio/portfolio'
import type { WebWalletOptions } from '../../sdk/options'
import type { WebWallet } from '../../sdk/WebWallet'
import { type HookErrorOptions, useExecute, usePortfolio, useSession, useWebWallet } from '../index'

describe('the React hooks (types)', () => {
  it('useWebWallet takes the SDK options and answers the WebWallet', () => {
    expectTypeOf(useWebWallet).parameters.toEqualTypeOf<[WebWalletOptions]>()
    expectTypeOf(useWebWallet).returns.toEqualTypeOf<WebWallet>()
  })

  it('useSession answers the account, its status and the two actions', () => {
    expectTypeOf(useSession).parameters.toEqualTypeOf<[WebWallet, options?: HookErrorOptions | undefined]>()
    type Result = ReturnType<typeof useSession>
    expectTypeOf<Result['account']>().toEqualTypeOf<SessionAccount | undefined>()
    expectTypeOf<Result['status']>().toEqualTypeOf<SessionStatus | undefined>()
    expectTypeOf<Result['pending']>().toEqualTypeOf<boolean>()
    expectTypeOf<Result['requestConnection']>().returns.toEqualTypeOf<Promise<void>>()
    expectTypeOf<Result['requestConnection']>().parameters.toEqualTypeOf<
      [parameters?: Parameters<WebWallet['requestConnection']>[0]]
    >()
    expectTypeOf<Result['clearSession']>().returns.toEqualTypeOf<void>()
  })

  it('useExecute takes an optional account and answers a hash or undefined', () => {
    expectTypeOf(useExecute).parameters.toEqualTypeOf<
      [SessionAccount | undefined, options?: HookErrorOptions | undefined]
    >()
    type Result = ReturnType<typeof useExecute>
    expectTypeOf<Result['status']>().toEqualTypeOf<'idle' | 'pending' | 'success' | 'error'>()
    expectTypeOf<Result['execute']>().returns.toEqualTypeOf<Promise<string | undefined>>()
    expectTypeOf<Result['transactionHash']>().toEqualTypeOf<string | undefined>()
  })

  it('usePortfolio reads a portfolio for an optional address', () => {
    expectTypeOf(usePortfolio).parameters.toEqualTypeOf<
      [Portfolio, string | undefined, options?: Pick<HookErrorOptions, 'onError'> | undefined]
    >()
    type Result = ReturnType<typeof usePortfolio>
    expectTypeOf<Result['balances']>().toEqualTypeOf<TokenBalance[] | undefined>()
    expectTypeOf<Result['defi']>().toEqualTypeOf<DefiDecomposition | undefined>()
    expectTypeOf<Result['loading']>().toEqualTypeOf<boolean>()
  })
})
