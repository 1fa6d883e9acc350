// The page and the server decide the same for the same typed data: the wallet core's check (before the page's
// screen) and view (the /signMessage screen's content), the page's modal title and the wallet server's check
// (WalletService) all read protocol's canonical form. Over every spelling starknet.js accepts, and over mangled typed data.

import { isWebWalletError } from '@webwallet/protocol/errors'
import type { TypedDataMeaning } from '@webwallet/protocol/typedData'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  outsideExecutionV1,
  outsideExecutionV2,
  type Shape,
  session,
  textMessage,
} from '../../../protocol/src/typedData/testing/shapes'
import { checkTypedData, signMessageView } from './core'
import { modalTitle } from './page'
import { walletFixture } from './testing'

const DAPP = 'https://dapp.example'
const { wallet } = walletFixture()

/** What one side decided: the kind and the proof, or the refusal's code. */
function decided(check: () => TypedDataMeaning) {
  try {
    const { kind, proof } = check()
    return { kind, proof }
  } catch (error) {
    expect(isWebWalletError(error), String(error)).toBe(true)
    return { refused: (error as { code: string }).code }
  }
}

/** Everything the page shows and decides, and what the server decides. */
function sides(typedData: Record<string, unknown>) {
  const server = decided(() => wallet.checkTypedData(typedData as never))
  // The core's check, which the page makes before its screen (with the account's fee tokens).
  const pageDecision = decided(() => checkTypedData(typedData as never, wallet.feeTokens))
  const view = signMessageView(typedData, DAPP)
  return {
    server,
    page: pageDecision,
    view,
    title: modalTitle({ kind: 'signTypedData', typedData: typedData as never }),
  }
}

const shapes: [string, Shape<unknown>][] = [
  ['outside execution v2', outsideExecutionV2],
  ['outside execution v1', outsideExecutionV1],
  ['session', session],
  ['text-only message', textMessage],
]

describe('the page and the server', () => {
  it.each(shapes)(
    'decide the same for every spelling of a %s, and show the same',
    (_name, shape) => {
      fc.assert(
        fc.property(
          shape.model.chain((model) => fc.tuple(shape.spell(model), shape.spell(model))),
          ([a, b]) => {
            const first = sides(a)
            expect(first.page).toEqual(first.server)
            expect(first.view.kind === 'outsideExecution').toBe(
              'kind' in first.server && first.server.kind.kind === 'outsideExecution',
            )
            expect(sides(b)).toEqual(first)
          },
        ),
        { numRuns: shape === outsideExecutionV1 ? 1 : 6 },
      )
    },
    60_000,
  )

  it('decide the same for typed data with a value replaced by anything', () => {
    const anything = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
    )
    const mangled = outsideExecutionV2.model.chain(outsideExecutionV2.spell).chain((typedData) =>
      fc.tuple(fc.constantFrom('domain', 'message'), anything).map(([part, value]) => {
        const copy = structuredClone(typedData) as Record<string, Record<string, unknown>>
        const keys = Object.keys(copy[part] ?? {})
        copy[part]![keys[0]!] = value
        return copy
      }),
    )
    fc.assert(
      fc.property(mangled, (typedData) => {
        const { server, page: pageDecision, view } = sides(typedData)
        expect(pageDecision).toEqual(server)
        expect(view.kind === 'refused').toBe('refused' in server)
      }),
      { numRuns: 15 },
    )
  }, 60_000)
})
