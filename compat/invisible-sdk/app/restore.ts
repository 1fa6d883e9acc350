// An invisible-sdk app's code that restores a session it exported earlier (a second page, a worker) with
// `createSessionAccount`, then runs a call with `executeWithPaymaster`: sponsored with an api key, else paid
// in the gas token whose balance covers the fee, the balances read from Argent's backend as x-shared's token
// service reads them. Bundled on npm's 1.0.0 and, with only the
// import line switched, on @webwallet/shim/argent (e2e/tests/compat/invisibleSdkSessionAccount.test.ts), and
// type-checked against both (invisibleSdkTypes.test.ts).
import { createSessionAccount, executeWithPaymaster, type SignedSession } from '@argent/invisible-sdk'
import type { ITokenServiceWeb } from '@argent/x-shared'
import { constants, RpcProvider } from 'starknet'

/** invisible-sdk's `argentBaseUrl` of its 'dev' environment (the cosigner and the backend). */
const ARGENT_BASE_URL = 'https://api.hydrogen.argent47.net/v1'
const COUNTER = '0x00c0ffee000000000000000000000000000000000000000000000000000c0de2'
const sessionParams = { allowedMethods: [{ contract: COUNTER, selector: 'increase_number' }] }

/**
 * What the test asks: the exported session, the app's node, the app's sponsor key (the account's paymaster),
 * whether executeWithPaymaster is sponsored with it (else a gas token), and whether the account executes once
 * first (invisible-sdk 1.0.0 routes its account's `signMessage` to the session only inside `execute`).
 */
interface Restore {
  session: SignedSession
  nodeUrl: string
  apiKey: string
  sponsored: boolean
  executeFirst: boolean
}

/**
 * x-shared's TokenServiceWeb as invisible-sdk's ArgentWebWallet builds it, reduced to what executeWithPaymaster
 * uses (its network header, `fetchAddressTokenBalancesFromBackend`), with the same request, retry and answer: x-shared
 * itself does not bundle from invisible-sdk's install (its ua-parser-js and async-retry are not installed).
 */
const tokenService = {
  httpService: { requestInit: { headers: { 'Argent-Network': 'sepolia' } } },
  async fetchAddressTokenBalancesFromBackend(address: string, network: string) {
    const url = `${ARGENT_BASE_URL}/activity/starknet/${network}/account/${address}/balance`
    // x-shared asks again while the backend answers 'initialising' (a new account's first reads).
    let answer = await (await fetch(url)).json()
    for (let tries = 1; answer?.status === 'initialising' && tries < 10; tries++)
      answer = await (await fetch(url)).json()
    const balances: { tokenAddress: string; tokenBalance: string }[] =
      answer?.status === 'initialised' ? answer.balances : []
    return balances.map((b) => ({ address: b.tokenAddress, balance: b.tokenBalance, networkId: network }))
  },
} as unknown as ITokenServiceWeb

async function restoreAndPlay({ session, nodeUrl, apiKey, sponsored, executeFirst }: Restore) {
  // Receipts polled every 100 ms (starknet.js waits 5 s before each poll by default), as the demo does.
  const provider = new RpcProvider({ nodeUrl, transactionRetryIntervalFallback: 100 })
  const account = await createSessionAccount({
    session,
    sessionParams,
    provider,
    // invisible-sdk 1.0.0 declares its StarknetChainId enum but does not export it at run time.
    chainId: constants.StarknetChainId.SN_SEPOLIA,
    argentBaseUrl: ARGENT_BASE_URL,
    tokenService,
    paymasterParams: { apiKey },
  })
  const status = account.getSessionStatus()
  const call = { contractAddress: COUNTER, entrypoint: 'increase_number', calldata: ['0x1'] }
  if (executeFirst) await provider.waitForTransaction((await account.execute([call])).transaction_hash)
  const paymasterParams = sponsored ? { apiKey } : {}
  const { transaction_hash } = await executeWithPaymaster(tokenService, account, [call], paymasterParams)
  await provider.waitForTransaction(transaction_hash)
  return { address: account.address, status, transaction_hash }
}

Object.assign(window, { restoreAndPlay })
