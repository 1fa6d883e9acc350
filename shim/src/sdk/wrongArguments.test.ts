// No public call of the SDK answers wrong arguments with a TypeError (issue 36, item 6): every method of
// WebWallet, its portfolio and paymaster clients and the session account it hands out (those the SDK defines; starknet.js's own
// provider reads are starknet.js's) is called with generated values of every JSON and JavaScript kind in
// every argument position, and each throw or rejection must be a coded WebWalletError. The node, cosigner
// and paymaster do not answer (a network error), so what passes the checks ends coded too.
import { CHAIN_IDS } from '@webwallet/protocol'
import { isWebWalletError } from '@webwallet/protocol/errors'
import { serializeSignerSignatures, signHash, toHex } from '@webwallet/protocol/session'
import fc from 'fast-check'
import { typedData } from 'starknet'
import { describe, expect, it } from 'vitest'
import { memoryKeyStore } from '../storage/keyVault'
import { memoryStorage } from '../storage/storage'
import { WebWallet } from './WebWallet'

const ACCOUNT = '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'
const GAME = '0x00000000000000000000000000000000000000000000000000000000000a11ce'

const connector = {
  ready: async () => true,
  connectAndSignSession: async (request: { sessionTypedData: unknown }) => {
    const hash = typedData.getMessageHash(request.sessionTypedData as never, ACCOUNT)
    const signature = serializeSignerSignatures([signHash(hash, '0x5a5a5a'), signHash(hash, '0x6b6b6b')])
    return { account: [ACCOUNT], chainId: CHAIN_IDS.SN_SEPOLIA, signature: signature.map(toHex) }
  },
}

async function connected() {
  const wallet = WebWallet.init({
    appName: 'wrong-arguments',
    sessionParams: { allowedMethods: [{ contract: GAME, selector: 'play' }] },
    connector: connector as never,
    storage: memoryStorage(),
    keyStore: memoryKeyStore(),
    // Nothing answers: what passes the argument checks meets the network's coded errors.
    fetch: async () => {
      throw new TypeError('Failed to fetch')
    },
  })
  const { account } = await wallet.requestConnection()
  return { wallet, account }
}

/** Any value a caller may pass by mistake (functions and symbols included). */
const wrong = fc.oneof(
  fc.anything({ withBigInt: true, withNullPrototype: true, withMap: true, withSet: true, withDate: true }),
  fc.constantFrom(undefined, null, [], {}, '', 0, -1, Number.NaN, () => 1, Symbol('s'), [null], [{}]),
)

/** The outcome of one call: a value, or the error it threw or rejected with. */
async function outcome(call: () => unknown): Promise<unknown> {
  try {
    await call()
    return undefined
  } catch (error) {
    return error
  }
}

type Target = { wallet: WebWallet; account: Awaited<ReturnType<typeof connected>>['account'] }
type Method = (t: Target, a: unknown, b: unknown) => unknown

// Every public operation the SDK defines, each given two generated arguments where it takes them.
const METHODS: Record<string, Method> = {
  'wallet.requestConnection': ({ wallet }, a) => wallet.requestConnection(a as never),
  'wallet.exportSignedSession': ({ wallet }, a) => wallet.exportSignedSession(a as never),
  'portfolio.token': ({ wallet }, a) => wallet.portfolio.token(a as never),
  'portfolio.balances': ({ wallet }, a, b) => wallet.portfolio.balances(a as never, b as never),
  'portfolio.defi': ({ wallet }, a) => wallet.portfolio.defi(a as never),
  'portfolio.airdrops': ({ wallet }, a) => wallet.portfolio.airdrops(a as never),
  'paymaster.compatibility': ({ wallet }, a) => wallet.paymaster.compatibility(a as never),
  'paymaster.buildTypedData': ({ wallet }, a) => wallet.paymaster.buildTypedData(a as never),
  'paymaster.execute': ({ wallet }, a) => wallet.paymaster.execute(a as never),
  'account.execute': ({ account }, a, b) => account.execute(a as never, b as never),
  'account.estimateInvokeFee': ({ account }, a, b) => account.estimateInvokeFee(a as never, b as never),
  'account.estimateFeeBulk': ({ account }, a, b) => account.estimateFeeBulk(a as never, b as never),
  'account.signMessage': ({ account }, a, b) => account.signMessage(a as never, b as never),
  'account.signMessageFromOutside': ({ account }, a, b) =>
    account.signMessageFromOutside(a as never, b as never),
  'account.getOutsideExecutionPayload': ({ account }, a, b) =>
    account.getOutsideExecutionPayload(a as never, b as never),
  'account.waitForTransaction': ({ account }, a, b) => account.waitForTransaction(a as never, b as never),
  'account.waitForBlock': ({ account }, a, b) => account.waitForBlock(a as never, b as never),
  'account.deploy': ({ account }, a, b) => account.deploy(a as never, b as never),
  'account.declare': ({ account }, a, b) => account.declare(a as never, b as never),
  'account.deployAccount': ({ account }, a, b) => account.deployAccount(a as never, b as never),
}

describe('wrong arguments to every public call', () => {
  it.each(Object.keys(METHODS))(
    '%s answers them with coded errors only',
    async (name) => {
      const target = await connected()
      const method = METHODS[name] as Method
      await fc.assert(
        fc.asyncProperty(wrong, wrong, async (a, b) => {
          const error = await outcome(() => method(target, a, b))
          // A call that accepted the values may still fail on the network: coded as well.
          if (error !== undefined && !isWebWalletError(error)) {
            throw new Error(`${name}: ${String(error)}`, { cause: error })
          }
        }),
        // requestConnection signs a session per run (key generation, signatures): fewer runs, more time.
        { numRuns: name === 'wallet.requestConnection' ? 25 : 60 },
      )
    },
    60_000,
  )

  it('getOutsideExecutionPayload([]) is refused locally, as execute([]) is', async () => {
    const { account } = await connected()
    for (const call of [() => account.getOutsideExecutionPayload([]), () => account.execute([])]) {
      await expect(call()).rejects.toMatchObject({ code: 'INVALID_OPTIONS', data: { path: 'calls' } })
    }
  })

  it.each([
    ['exportSignedSession(null)', (t: Target) => t.wallet.exportSignedSession(null as never)],
    ['signMessage(undefined)', (t: Target) => t.account.signMessage(undefined as never)],
    [
      'getOutsideExecutionPayload(undefined)',
      (t: Target) => t.account.getOutsideExecutionPayload(undefined as never),
    ],
  ])('%s is INVALID_OPTIONS', async (_name, call) => {
    const target = await connected()
    const error = await outcome(() => call(target))
    expect(error).toMatchObject({ code: 'INVALID_OPTIONS' })
  })
})
