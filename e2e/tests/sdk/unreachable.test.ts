// One coded error per cause (issue 36, item 6), from outside, in Node against a real wallet-sim: each service
// the SDK talks to (wallet, node, cosigner, paymaster, backend) is pointed in turn at a port where nothing
// listens, and every public path that reaches it fails with SERVICE_UNREACHABLE naming that service and URL,
// the network error as `cause`. The table is generated from one list of paths, each with the services it
// reaches; reach.test.ts (shim) checks that every request of the SDK goes through the one helper that
// classifies, so a new path cannot send around it.
import { createServer } from 'node:net'
import { type SessionAccount, WebWallet } from '@webwallet/shim'
import { createConnector } from '@webwallet/shim/connector'
import { CONTRACTS, type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { headlessWalletOptions } from '../../support/headless'
import { logIn } from './login'

type Service = 'wallet' | 'node' | 'cosigner' | 'paymaster' | 'backend'
type Urls = ReturnType<typeof headlessWalletOptions>['urls']
const increment = { contractAddress: CONTRACTS.counter, entrypoint: 'increment', calldata: [] }
const sessionParams = { allowedMethods: [{ contract: CONTRACTS.counter, selector: 'increment' }] }

let sim: RunningSim
let token = ''
let dead = ''
// The signed session every path restores (a deployed account, so execute takes the self-paid route first).
let signed: Pick<ReturnType<typeof headlessWalletOptions>, 'storage' | 'keyStore'>

/** The URL option of a service, and what it becomes when that service is down. */
const URL_OF: Record<Exclude<Service, 'wallet'>, [keyof Urls, (urls: Urls) => string]> = {
  node: ['providerDefaultUrl', () => `${dead}/rpc`],
  cosigner: ['providerBaseUrl', () => dead],
  paymaster: ['paymasterUrl', () => dead],
  backend: ['backendUrl', () => `${dead}/v1`],
}

/** A WebWallet on the signed session whose `down` service (if any) is a port with nothing listening. */
function walletWith(down?: Service) {
  const options = headlessWalletOptions(sim, token)
  const urls = { ...options.urls }
  if (down && down !== 'wallet') urls[URL_OF[down][0]] = URL_OF[down][1](urls)
  const connector =
    down === 'wallet'
      ? createConnector({ transport: 'http', url: sim.url, http: { url: `${dead}/trpc` } })
      : options.connector
  return WebWallet.init({ appName: 'unreachable', sessionParams, ...options, ...signed, urls, connector })
}
const restored = async (wallet: WebWallet): Promise<SessionAccount> => {
  const result = await wallet.connect()
  if (!result) throw new Error('no stored session')
  return result.account
}

// Every public path that sends a request, with the services it reaches.
const PATHS: Record<string, { reaches: Service[]; run: (wallet: WebWallet) => Promise<unknown> }> = {
  'execute (self-paid)': {
    reaches: ['node', 'cosigner'],
    run: async (wallet) => (await restored(wallet)).execute(increment),
  },
  'execute (gasless)': {
    reaches: ['node', 'cosigner', 'paymaster'],
    run: async (wallet) => (await restored(wallet)).execute(increment, { gasless: true }),
  },
  'the gasless retry': {
    reaches: ['paymaster'],
    run: async (wallet) => {
      // The cosigner refuses the self-paid route once: the SDK retries through the paymaster.
      sim.walletSim.faults.add({
        route: '/cosigner/signSession',
        method: 'POST',
        count: 1,
        status: 403,
        body: { status: 'refused' },
      })
      return (await restored(wallet)).execute(increment)
    },
  },
  estimateInvokeFee: {
    reaches: ['node'],
    run: async (wallet) => (await restored(wallet)).estimateInvokeFee(increment),
  },
  requestConnection: { reaches: ['wallet'], run: (wallet) => wallet.requestConnection() },
  'portfolio.tokens': { reaches: ['backend'], run: (wallet) => wallet.portfolio.tokens() },
  'portfolio.prices': { reaches: ['backend'], run: (wallet) => wallet.portfolio.prices() },
  'paymaster.gasTokenPrices': { reaches: ['paymaster'], run: (wallet) => wallet.paymaster.gasTokenPrices() },
}
const CASES = Object.entries(PATHS).flatMap(([path, { reaches }]) =>
  reaches.map((service) => [path, service] as const),
)

beforeAll(async () => {
  sim = await startSim({ seed: 3636, approve: 'auto' })
  token = await logIn(sim, 'unreachable@example.com')
  dead = await closedOrigin()
  const options = headlessWalletOptions(sim, token)
  signed = { storage: options.storage, keyStore: options.keyStore }
  const wallet = WebWallet.init({ appName: 'unreachable', sessionParams, ...options })
  const { account } = await wallet.requestConnection()
  // Deployed through the paymaster (the first execute), so later ones take the self-paid route.
  await account.waitForTransaction((await account.execute(increment)).transaction_hash, {
    retryInterval: 50,
  })
  await wallet.disconnect()
}, 60_000)
afterAll(async () => {
  await sim?.close()
})

describe('a service that cannot be reached is SERVICE_UNREACHABLE on every path to it', () => {
  it.each(CASES)('%s, the %s down', async (path, service) => {
    const wallet = walletWith(service)
    const error = (await PATHS[path]?.run(wallet).then(
      () => undefined,
      (e: unknown) => e,
    )) as { code: string; data: { service: string; url: string }; cause: unknown } | undefined
    await wallet.disconnect()
    expect(error).toMatchObject({ code: 'SERVICE_UNREACHABLE', data: { service } })
    expect(error?.data.url.startsWith(dead)).toBe(true)
    expect(error?.cause).toBeDefined()
  })

  it('every path works with every service up (the failures above are the dead port, nothing else)', async () => {
    const wallet = walletWith()
    for (const [path, { run }] of Object.entries(PATHS)) {
      if (path === 'the gasless retry' || path === 'requestConnection') continue
      await expect(run(wallet), path).resolves.toBeDefined()
    }
    await wallet.disconnect()
  })

  // starknet.js's own reads rethrow a fetch failure as a plain Error of the same message (its RpcChannel's
  // errorHandler): no code, but the words name the node and its URL.
  it("starknet.js's reads on the account (getNonce): the plain Error names the node and its URL", async () => {
    const wallet = walletWith('node')
    const error = await (await restored(wallet)).getNonce().catch((e: unknown) => e)
    expect(String(error)).toContain(`The node at ${dead}/rpc could not be reached`)
    await wallet.disconnect()
  })

  it('restore: connect() keeps the stored session when the node cannot be reached (no proof it is gone)', async () => {
    const wallet = walletWith('node')
    expect((await wallet.connect())?.account.address).toMatch(/^0x/)
    await wallet.disconnect()
  })
})

/** An origin on a port where nothing listens: connections are refused at once. */
async function closedOrigin(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return `http://127.0.0.1:${port}`
}
