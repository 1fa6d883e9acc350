// Issue 35 item 5 on @webwallet/shim/connector: connectAndSignSession's refusals as starknetkit 3.4.3's own
// web-wallet connector throws them (compat/starknetkit, loaded as a Node app loads it): its
// ConnectAndSignSessionError with the wallet's code, our coded error as `cause`, USER_REJECTED also
// `instanceof UserRejectedRequestError`; other failures keep our codes.
import { createRequire } from 'node:module'
import { isWebWalletError } from '@webwallet/protocol/errors'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { greeting } from '../../../protocol/src/typedData/testing/messages'
import { createConnector } from './createConnector'
import { ConnectAndSignSessionError, UserRejectedRequestError, WebwalletError } from './index'
import { startWsWallet } from './testing/wsWallet'

type Real = new (message: string, code: string) => Error & { code: string }
const requireFromCompat = createRequire(new URL('../../../compat/starknetkit/package.json', import.meta.url))

const sessionTypedData = greeting('hello')

let wallet: Awaited<ReturnType<typeof startWsWallet>>
let Theirs: Real
beforeAll(async () => {
  wallet = await startWsWallet()
  Theirs = (requireFromCompat('starknetkit/webwallet') as { ConnectAndSignSessionError: Real })
    .ConnectAndSignSessionError
}, 30_000)
afterAll(() => wallet[Symbol.asyncDispose]())

/** What connectAndSignSession throws when the wallet answers `failure`. */
async function refusal(failure: { code: string; message: string }): Promise<Error & { code?: string }> {
  wallet.state.sessionFailure = failure
  const connector = createConnector({
    transport: 'websocket',
    websocketUrl: wallet.url,
    WebSocket: WebSocket as never,
  })
  try {
    await connector.connectAndSignSession({ approvalRequests: [], sessionTypedData })
  } catch (thrown) {
    return thrown as Error & { code?: string }
  } finally {
    await connector.disconnect()
  }
  throw new Error('connectAndSignSession did not throw')
}

describe("connectAndSignSession's refusals as starknetkit throws them", () => {
  it.each([
    ['NOT_ENOUGH_BALANCE', 'Not enough balance'],
    ['ACCOUNT_NOT_DEPLOYED', 'Account not deployed'],
    ['USER_REJECTED', 'User rejected request'],
  ])("%s: starknetkit's class, name, message, code and own fields; ours as cause", async (code, message) => {
    const error = await refusal({ code, message })
    const theirs = new Theirs(message, code)
    expect(error).toBeInstanceOf(ConnectAndSignSessionError)
    expect({ name: error.name, message: error.message, code: error.code }).toEqual({
      name: theirs.name,
      message: theirs.message,
      code: theirs.code,
    })
    expect(Object.keys(error).sort()).toEqual(Object.keys(theirs).sort())
    expect(isWebWalletError(error.cause, 'CONNECT_AND_SIGN_SESSION')).toBe(true)
    expect((error.cause as { data?: unknown }).data).toEqual({
      webwalletErrorCode: code,
      webwalletErrorMessage: message,
    })
    // The user's refusal is the class starknetkit dapps test for it; the others are not.
    expect(error instanceof UserRejectedRequestError).toBe(code === 'USER_REJECTED')
    expect(error).not.toBeInstanceOf(WebwalletError)
  })
})
