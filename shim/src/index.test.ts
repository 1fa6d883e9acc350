import { describe, expect, it } from 'vitest'
import * as shim from '.'
import * as react from './react'

// The public API: a change here is a change for every host app.
describe('exports', () => {
  it('@webwallet/shim', () => {
    expect(Object.keys(shim).sort()).toMatchInlineSnapshot(`
      [
        "SessionAccount",
        "WebWallet",
        "createHttp",
        "createKeyVault",
        "createPaymaster",
        "createPortfolio",
        "createRpc",
        "createSessionRequest",
        "createStorage",
        "devUrls",
        "feeInGasToken",
        "generateSessionKey",
        "getSessionStatus",
        "indexedDbKeyStore",
        "maxFeeFromEstimate",
        "memoryKeyStore",
        "memoryStorage",
        "resourceBoundsFromEstimate",
        "retry",
        "sessionAllowedMethods",
        "sessionMetadata",
        "verifyServerSignature",
        "waitForBlock",
        "waitForTransaction",
      ]
    `)
  })

  it('@webwallet/shim/react', () => {
    expect(Object.keys(react).sort()).toMatchInlineSnapshot(`
      [
        "WebWalletConnector",
        "WebWalletSessionConnector",
        "useExecute",
        "usePortfolio",
        "useSession",
        "useWebWallet",
      ]
    `)
  })
})
