// @argent/x-sessions 9.0.4, unchanged, against wallet-sim: the app asks the wallet to sign the session typed
// data with plain signTypedData (x-sessions' own flow, the wallet's /signSessionKeys screen), then sends
// session transactions co-signed by wallet-sim's cosigner. The wallet records the session it signed (account,
// origin, expiry, allowed methods, session key), so the cosigner knows it as it knows sessions signed
// through connectAndSignSession; before, it refused them all as `unknownSession`.
import {
  buildSessionAccount,
  createSession,
  createSessionRequest,
  type SessionKey,
  type SessionRequest,
} from '@argent/x-sessions'
import type { TypedData } from '@webwallet/protocol'
import { publicKeyOf, toHex } from '@webwallet/protocol/session'
import { openTransport, type WalletTransport } from '@webwallet/shim/connector'
import { CONTRACTS, type RunningSim, startSim } from '@webwallet/wallet-sim'
import { constants, RpcProvider } from 'starknet'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { logIn } from '../sdk/login'

const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const RECIPIENT = '0x0000000000000000000000000000000000000000000000000000000000abcdef'
const APP_ORIGIN = 'https://x-sessions.example'
const chainId = constants.StarknetChainId.SN_SEPOLIA
const poll = { retryInterval: 50 }
// No tip: the simulator's few blocks are too few for starknet.js's tip estimate (which logs an error).
const noTip = { tip: 0 }

let sim: RunningSim
let provider: RpcProvider
const transports: WalletTransport[] = []

beforeAll(async () => {
  sim = await startSim({ seed: 11, approve: 'auto' })
  // e2e's starknet is v8, which speaks JSON-RPC 0.9.
  provider = new RpcProvider({ nodeUrl: `${sim.url}/rpc/v0_9` })
})
afterAll(async () => {
  for (const transport of transports) transport.destroy()
  await sim?.close()
})

/** The wallet router over WebSocket, as the app at APP_ORIGIN sees it, logged in as `token`'s user. */
function walletFor(token: string): WalletTransport {
  class AppWebSocket extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { origin: APP_ORIGIN })
    }
  }
  const transport = openTransport('websocket', {
    walletUrl: sim.url,
    brandName: 'Argent',
    websocketUrl: `${sim.trpcUrl}?token=${token}`,
    WebSocket: AppWebSocket as never,
  })
  transports.push(transport)
  return transport
}

// The app's own call. Not a STRK transfer: the cosigner co-signs a fee-token transfer only to the paymaster.
const increment = { contractAddress: CONTRACTS.counter, entrypoint: 'increment', calldata: [] }

/** A new user with a deployed account, and x-sessions' request for a counter session with a fresh key. */
async function newUser(email: string, keySeed: number) {
  const wallet = walletFor(await logIn(sim, email))
  // A first transaction through the wallet deploys the account.
  const call = { contract_address: STRK, entry_point: 'transfer', calldata: [RECIPIENT, '1', '0'] }
  const deployed = await wallet.mutate({ procedure: 'addInvokeTransaction', input: [call] })
  await provider.waitForTransaction(String(deployed), poll)
  const address = sim.walletSim.login.user(email)?.account.address ?? ''
  const privateKey = toHex(0x5e55_0000n + BigInt(keySeed))
  const sessionKey: SessionKey = { privateKey, publicKey: toHex(publicKeyOf(privateKey)) }
  const request = createSessionRequest({
    chainId,
    sessionParams: {
      allowedMethods: [{ 'Contract Address': CONTRACTS.counter, selector: 'increment' }],
      expiry: BigInt(sim.chain.now() + 3_600),
      sessionKey,
      metaData: {
        projectID: 'x-sessions-wallet',
        txFees: [{ tokenAddress: STRK, maxAmount: '10000000000000000000' }],
      },
    },
  })
  return { wallet, address, sessionKey, request }
}

/** x-sessions' flow: the wallet signs the session typed data, the app builds the session account. */
async function sessionAccount(
  user: Awaited<ReturnType<typeof newUser>>,
  request: SessionRequest,
  sessionKey = user.sessionKey,
) {
  // starknet.js's TypedData type, the same JSON as the protocol's.
  const typedData = request.sessionTypedData as unknown as TypedData
  const signature = await user.wallet.mutate({ procedure: 'signTypedData', input: [typedData] })
  const session = await createSession({
    address: user.address,
    authorisationSignature: signature as string[],
    sessionRequest: request,
    chainId,
  })
  return buildSessionAccount({ session, sessionKey, provider, argentSessionServiceBaseUrl: sim.url })
}

/** The status word of the cosigner's refusal (x-sessions' 'Sign session error' carries it as its cause). */
const refusal = (error: unknown) => (error as { message?: string; cause?: unknown }).cause

it('a session signed through signTypedData is co-signed, runs on chain, and counts for getLoginStatus', async () => {
  const user = await newUser('xs-1@example.com', 1)
  expect(await user.wallet.mutate({ procedure: 'getLoginStatus', input: undefined })).toMatchObject({
    hasSession: false,
  })
  const account = await sessionAccount(user, user.request)
  for (let i = 0; i < 2; i++) {
    const { transaction_hash } = await account.execute([increment], noTip)
    expect((await provider.waitForTransaction(transaction_hash, poll)).isSuccess()).toBe(true)
  }
  expect(await user.wallet.mutate({ procedure: 'getLoginStatus', input: undefined })).toMatchObject({
    hasSession: true,
  })
})

it("the cosigner holds x-sessions sessions to what was signed: allowed methods and the session's key", async () => {
  const user = await newUser('xs-2@example.com', 2)
  const account = await sessionAccount(user, user.request)
  const approve = { contractAddress: STRK, entrypoint: 'approve', calldata: [RECIPIENT, '5', '0'] }
  // x-sessions signs any call; the account would reject it, and the cosigner refuses it first.
  expect(refusal(await account.execute([approve], noTip).catch((error: unknown) => error))).toBe(
    'methodNotAllowed',
  )

  // Someone who saw the session's (public) authorisation, signing with a key of their own.
  const other = toHex(0x0bad_0000n)
  const thief = await sessionAccount(user, user.request, {
    privateKey: other,
    publicKey: toHex(publicKeyOf(other)),
  })
  expect(refusal(await thief.execute([increment], noTip).catch((error: unknown) => error))).toBe(
    'invalidSessionSignature',
  )
})
