// Issue 35 item 5: the errors of the Argent entry as invisible-sdk apps check them, compared with the real
// starknetkit 3.4.3 classes (compat/starknetkit, loaded as a Node app loads it): a session refusal has
// starknetkit's name, message, `code` (the wallet's) and own fields, with our coded error as its cause; the
// user's refusal keeps code USER_REJECTED (starknetkit's code too) and starknetkit's UserRejectedRequestError.
import { createRequire } from 'node:module'
import { ConnectAndSignSessionError as CodedSessionError, isWebWalletError } from '@webwallet/protocol/errors'
import { describe, expect, it, vi } from 'vitest'
import { ArgentWebWallet } from './ArgentWebWallet'
import { ConnectAndSignSessionError, UserRejectedRequestError } from './index'

type Real = new (message: string, code: string) => Error & { code: string }
const requireFromCompat = createRequire(new URL('../../../compat/starknetkit/package.json', import.meta.url))

/** starknetkit 3.4.3's own class (compat/starknetkit, installed by `npm test` before the tests run). */
function realClass(): Real {
  const kit = requireFromCompat('starknetkit/webwallet') as { ConnectAndSignSessionError: Real }
  return kit.ConnectAndSignSessionError
}

/** What `requestConnection` throws when the wallet's session answer is `error`. */
async function refusal(error: Error): Promise<Error & { code?: string }> {
  try {
    await walletRefusing(error).requestConnection({})
  } catch (thrown) {
    return thrown as Error & { code?: string }
  }
  throw new Error('requestConnection did not throw')
}

function walletRefusing(error: Error) {
  return ArgentWebWallet.init(
    { appName: 'app', sessionParams: { allowedMethods: [{ contract: '0x1', selector: 'play' }] } },
    {
      connector: {
        ready: vi.fn(async () => true),
        request: vi.fn(),
        connectAndSignSession: vi.fn(async () => {
          throw error
        }),
      } as never,
    },
  )
}

// The first test loads starknetkit and its starknet.js: seconds on a shared machine.
describe("the Argent entry's errors as starknetkit dapps read them", { timeout: 30_000 }, () => {
  it("a session refusal is starknetkit's ConnectAndSignSessionError: name, message, the wallet's code", async () => {
    const Real = realClass()
    const error = await refusal(new CodedSessionError('Not enough balance', 'NOT_ENOUGH_BALANCE'))
    const theirs = new Real('Not enough balance', 'NOT_ENOUGH_BALANCE')
    expect(error).toBeInstanceOf(ConnectAndSignSessionError)
    expect({ name: error.name, message: error.message, code: error.code }).toEqual({
      name: theirs.name,
      message: theirs.message,
      code: theirs.code,
    })
    expect(Object.keys(error).sort()).toEqual(Object.keys(theirs).sort())
    // Ours underneath, coded: branch on the cause's code for the registry's meaning.
    expect(isWebWalletError(error.cause, 'CONNECT_AND_SIGN_SESSION')).toBe(true)
  })

  it("the user's refusal keeps USER_REJECTED, starknetkit's code for it, and is UserRejectedRequestError", async () => {
    const error = await refusal(new CodedSessionError('User rejected request', 'USER_REJECTED'))
    expect(error.code).toBe(new (realClass())('User rejected request', 'USER_REJECTED').code)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(error).not.toBeInstanceOf(ConnectAndSignSessionError)
  })

  it('leaves every other error as it is', async () => {
    const other = new Error('network down')
    expect(await refusal(other)).toBe(other)
  })
})
