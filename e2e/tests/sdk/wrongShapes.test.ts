// Issue 27 item 4: a service that answers with the wrong shape (a proxy, a node or paymaster version the
// SDK does not know) is UNEXPECTED_ANSWER naming what was read, never a TypeError such as "Cannot convert
// null to a BigInt". The real wallet-sim behind the app's `fetch`, which rewrites one answer.
import { WebWallet } from '@webwallet/shim'
import { CONTRACTS, type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { headlessWalletOptions } from '../../support/headless'
import { logIn } from './login'

const increment = { contractAddress: CONTRACTS.counter, entrypoint: 'increment', calldata: [] }
const sessionParams = { allowedMethods: [{ contract: CONTRACTS.counter, selector: 'increment' }] }

let sim: RunningSim
beforeAll(async () => {
  sim = await startSim({ seed: 2627, approve: 'auto' })
})
afterAll(async () => {
  await sim?.close()
})

/** What the proxy rewrites: a node method's `result`, or a service path's whole body. */
type Rewrite =
  | { readonly method: string; readonly result: unknown }
  | { readonly path: string; readonly body: unknown }

// Forwards to wallet-sim; when `rewrite` is set, the matching answer is replaced.
function proxy(state: { rewrite?: Rewrite | undefined }): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init)
    const rewrite = state.rewrite
    const url = new URL(String(input instanceof Request ? input.url : input))
    if (!rewrite) return response
    if ('path' in rewrite) {
      return url.pathname.endsWith(rewrite.path) ? Response.json(rewrite.body) : response
    }
    if (!url.pathname.startsWith('/rpc')) return response
    const sent = JSON.parse(String(init?.body)) as
      | { id: number; method: string }
      | { id: number; method: string }[]
    const methods = new Map((Array.isArray(sent) ? sent : [sent]).map((call) => [call.id, call.method]))
    const swap = (answer: { id: number }) =>
      methods.get(answer.id) === rewrite.method ? { ...answer, result: rewrite.result } : answer
    const answers = (await response.json()) as { id: number } | { id: number }[]
    return Response.json(Array.isArray(answers) ? answers.map(swap) : swap(answers))
  }
}

async function connected(email: string, paymaster = false) {
  const state: { rewrite?: Rewrite | undefined } = {}
  const wallet = await WebWallet.init({
    appName: 'wrong-shapes',
    sessionParams,
    ...headlessWalletOptions(sim, await logIn(sim, email)),
    ...(paymaster ? { paymasterParams: { apiKey: 'wallet-sim-sponsor' } } : {}),
    fetch: proxy(state),
  })
  const { account } = await wallet.requestConnection()
  return { wallet, account, state }
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: { code?: unknown; message?: unknown }) => ({ code: error.code, message: error.message }),
  )

describe('node answers of the wrong shape after the first call', () => {
  it.each([
    ['starknet_getNonce', null],
    ['starknet_getNonce', 'not a felt'],
    ['starknet_estimateFee', [{ overall_fee: '0x1', unit: 'FRI' }]],
    ['starknet_estimateFee', null],
    ['starknet_getBlockWithTxHashes', { timestamp: null }],
  ])('%s answering %j is UNEXPECTED_ANSWER', async (method, result) => {
    const { wallet, account, state } = await connected(`node-${method}-${String(result).length}@example.com`)
    await account.waitForTransaction((await account.execute(increment)).transaction_hash)
    state.rewrite = { method, result }
    expect(await failure(account.execute(increment))).toEqual({
      code: 'UNEXPECTED_ANSWER',
      message: `Unexpected ${method} answer`,
    })
    state.rewrite = undefined
    await wallet.disconnect()
  })

  // A garbled answer to the send may hide a transaction the node took: the SDK asks for the hash it signed.
  it('starknet_addInvokeTransaction answering {} after the node took it answers the hash the SDK signed', async () => {
    const { wallet, account, state } = await connected('node-addInvoke-garbled@example.com')
    await account.waitForTransaction((await account.execute(increment)).transaction_hash)
    state.rewrite = { method: 'starknet_addInvokeTransaction', result: {} }
    const { transaction_hash } = await account.execute(increment)
    state.rewrite = undefined
    expect((await account.waitForTransaction(transaction_hash)).isSuccess()).toBe(true)
    await wallet.disconnect()
  })

  it('a receipt or status of the wrong shape while waiting is UNEXPECTED_ANSWER', async () => {
    const { wallet, account, state } = await connected('node-receipt@example.com')
    const { transaction_hash } = await account.execute(increment)
    state.rewrite = { method: 'starknet_getTransactionStatus', result: null }
    expect(await failure(account.waitForTransaction(transaction_hash, { retryInterval: 50 }))).toMatchObject({
      code: 'UNEXPECTED_ANSWER',
    })
    state.rewrite = { method: 'starknet_getTransactionReceipt', result: 'receipt' }
    expect(await failure(account.waitForTransaction(transaction_hash, { retryInterval: 50 }))).toMatchObject({
      code: 'UNEXPECTED_ANSWER',
    })
    state.rewrite = undefined
    await wallet.disconnect()
  })
})

describe('service answers of the wrong shape', () => {
  it('a co-signer 200 without a signature is UNEXPECTED_ANSWER (no gasless retry on it)', async () => {
    const { wallet, account, state } = await connected('cosigner-shape@example.com')
    await account.waitForTransaction((await account.execute(increment)).transaction_hash)
    state.rewrite = { path: '/cosigner/signSession', body: { signature: { publicKey: null, r: 1, s: 1 } } }
    expect(await failure(account.execute(increment))).toEqual({
      code: 'UNEXPECTED_ANSWER',
      message: 'Unexpected cosigner answer',
    })
    state.rewrite = undefined
    await wallet.disconnect()
  })

  it.each([
    [
      '/compatible',
      { isCompatible: true, gasConsumedOverhead: 'lots', dataGasConsumedOverhead: '0x0' },
      'compatibility answer',
    ],
    ['/build-typed-data', null, 'typed data answer'],
  ])('the paymaster answering %s with %j is UNEXPECTED_ANSWER', async (path, body, what) => {
    const { wallet, account, state } = await connected(
      `paymaster${path.replaceAll('/', '-')}@example.com`,
      true,
    )
    state.rewrite = { path, body }
    expect(await failure(account.execute(increment, { gasless: true }))).toEqual({
      code: 'UNEXPECTED_ANSWER',
      message: `Unexpected ${what}`,
    })
    state.rewrite = undefined
    await wallet.disconnect()
  })

  // The relayer may have run it: a garbled /execute answer is an unknown outcome, never a code that invites a resend.
  it('the paymaster answering /execute with a transactionHash that is no hash is TRANSACTION_OUTCOME_UNKNOWN', async () => {
    const { wallet, account, state } = await connected('paymaster-execute-garbled@example.com', true)
    state.rewrite = { path: '/execute', body: { transactionHash: 'not a hash' } }
    const error = await account.execute(increment, { gasless: true }).then(
      () => undefined,
      (caught: { code?: unknown; cause?: { code?: unknown; message?: unknown } }) => caught,
    )
    expect(error?.code).toBe('TRANSACTION_OUTCOME_UNKNOWN')
    expect(error?.cause).toMatchObject({ code: 'UNEXPECTED_ANSWER', message: 'Unexpected execute answer' })
    state.rewrite = undefined
    await wallet.disconnect()
  })

  it('gas token prices with a fractional decimals are UNEXPECTED_ANSWER (no RangeError from BigInt)', async () => {
    const { wallet, account, state } = await connected('paymaster-prices@example.com')
    await account.waitForTransaction((await account.execute(increment)).transaction_hash)
    state.rewrite = {
      path: '/gas-token-prices',
      body: [
        {
          tokenAddress: '0x4718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d',
          decimals: 1.5,
          priceInETH: '1',
        },
      ],
    }
    expect(await failure(account.execute(increment, { gasless: true }))).toEqual({
      code: 'UNEXPECTED_ANSWER',
      message: 'Unexpected gas token prices',
    })
    state.rewrite = undefined
    await wallet.disconnect()
  })
})
