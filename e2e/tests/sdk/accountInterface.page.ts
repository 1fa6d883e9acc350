// The page of accountInterface.test.ts: an app bundled with the shim's sources and ONE starknet.js copy (v10,
// or v8 through an alias), as an app's bundler builds it. It connects headless (WebSocket connector, the
// session approved by wallet-sim) and drives the session account only through starknet.js's own API.

import { memoryKeyStore, memoryStorage, WebWallet } from '@webwallet/shim'
import { createConnector } from '@webwallet/shim/connector'
// `starknet` is the page's copy, v10 or v8, as the bundler resolves it (the shim's sources import the same).
import { Contract, RpcProvider } from 'starknet'

export interface PageConfig {
  readonly url: string
  readonly rpcUrl: string
  readonly trpcUrl: string
  readonly token: string
  readonly counter: string
}

/** A rejection's code and message (or the value, when the promise fulfilled). */
async function outcome(promise: Promise<unknown>) {
  try {
    const value = await promise
    return { fulfilled: true, value: String(value) }
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string }
    return { fulfilled: false, code, message }
  }
}

/** Connects headless over the wallet's WebSocket: the session is approved by wallet-sim. */
async function connect(config: PageConfig) {
  const wallet = WebWallet.init({
    appName: 'account-interface',
    sessionParams: { allowedMethods: [{ contract: config.counter, selector: 'increment' }] },
    environment: 'dev',
    urls: {
      webWalletUrl: config.url,
      providerDefaultUrl: config.rpcUrl,
      providerBaseUrl: config.url,
      backendUrl: `${config.url}/v1`,
      paymasterUrl: config.url,
    },
    connector: createConnector({
      transport: 'websocket',
      websocketUrl: `${config.trpcUrl}?token=${config.token}`,
      WebSocket: globalThis.WebSocket as never,
      url: config.url,
    }),
    storage: memoryStorage(),
    keyStore: memoryKeyStore(),
  })
  return (await wallet.requestConnection()).account
}

type Account = Awaited<ReturnType<typeof connect>>

/** The counter as a starknet.js Contract on the session account, and a read of the account's count. */
async function counterOf(config: PageConfig, account: Account) {
  // The counter's ABI as a dapp gets it, from the chain (wallet-sim's contract is the one copy). Typed
  // against e2e's own starknet (8.5.2); the bundle has one copy for both.
  const { abi } = await new RpcProvider({ nodeUrl: config.rpcUrl }).getClassAt(config.counter)
  const counter = new Contract({ abi, address: config.counter, providerOrAccount: account as never })
  const read = async () => BigInt((await counter.get_counter(account.address)) as bigint)
  return { counter, read }
}

/** Once deployed: the self-paid route with starknet.js's details (nonce, estimate), and its reads. */
async function selfPaid(config: PageConfig, account: Account, counter: Contract) {
  const nonce = BigInt(await account.getNonce())
  const estimate = await account.estimateInvokeFee({
    contractAddress: config.counter,
    entrypoint: 'increment',
    calldata: [],
  })
  const wrongNonce = await outcome(
    account.execute({ contractAddress: config.counter, entrypoint: 'increment' }, { nonce: nonce - 1n }),
  )
  const second = await account.execute(
    { contractAddress: config.counter, entrypoint: 'increment', calldata: [] },
    { nonce },
  )
  const receipt = await account.waitForTransaction(second.transaction_hash, { retryInterval: 100 })
  const third = await counter.invoke('increment', [], { waitForTransaction: false })
  await account.waitForTransaction(third.transaction_hash, { retryInterval: 100 })
  const nonceAfter = BigInt(await account.getNonce())
  const called = await account.callContract({
    contractAddress: config.counter,
    entrypoint: 'get_counter',
    calldata: [account.address],
  })
  return {
    called,
    nonce: `${nonce}`,
    nonceAfter: `${nonceAfter}`,
    estimate: {
      overall_fee: `${estimate.overall_fee}`,
      l2_gas: `${estimate.resourceBounds.l2_gas.max_amount}`,
      unit: estimate.unit,
    },
    wrongNonce,
    secondSuccess: receipt.isSuccess(),
    secondFee: `${BigInt((receipt as unknown as { actual_fee: { amount: string } }).actual_fee.amount)}`,
  }
}

/** What a session must refuse: a method outside its scope, declare, deployAccount, owner typed data. */
async function refusals(account: Account, counter: Contract) {
  return {
    outOfScope: await outcome(counter.set_value(7)),
    declare: await outcome(account.declare({ contract: '{}' } as never)),
    deployAccount: await outcome(
      account.deployAccount({ classHash: '0x1', constructorCalldata: [], addressSalt: '0x2' }),
    ),
    ownerMessage: await outcome(
      account.signMessage({
        types: { StarknetDomain: [], Mail: [] },
        primaryType: 'Mail',
        domain: { name: 'x', version: '1', chainId: '0x1', revision: '1' },
        message: {},
      } as never),
    ),
  }
}

async function run(config: PageConfig) {
  const account = await connect(config)
  const { counter, read } = await counterOf(config, account)
  const before = await read()
  // The first invoke deploys the account (through the paymaster) and increments.
  const first = await counter.increment()
  await account.waitForTransaction(first.transaction_hash, { retryInterval: 100 })
  const afterFirst = await read()
  const sent = await selfPaid(config, account, counter)
  const refused = await refusals(account, counter)
  return {
    // v8's Account is its own provider; v10's has one.
    accountIsProvider: account instanceof RpcProvider,
    address: account.address,
    before: `${before}`,
    afterFirst: `${afterFirst}`,
    after: `${await read()}`,
    ...sent,
    ...refused,
  }
}

Object.assign(globalThis, { runAccountInterface: run })
