// @argent/x-sessions 9.0.4, unchanged, against wallet-sim: the app asks the wallet to sign the session typed
// data with plain signTypedData (x-sessions' own flow, the wallet's /signSessionKeys screen), then sends
// session transactions co-signed by wallet-sim's cosigner. The wallet records the session it signed (account,
// origin, expiry, allowed methods, session key), so the cosigner knows it as it knows sessions signed
// through connectAndSignSession; before, it refused them all as `unknownSession`.
import { buildSessionAccount, type SessionKey, type SessionRequest } from '@argent/x-sessions'
import { publicKeyOf, toHex } from '@webwallet/protocol/session'
import type { WalletTransport } from '@webwallet/shim/connector'
import { type RunningSim, startSim } from '@webwallet/wallet-sim'
import { RpcProvider } from 'starknet'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  APP_ORIGIN,
  increment,
  newUser as newXsUser,
  poll,
  RECIPIENT,
  refusal,
  STRK,
  signedSession,
  type XsUser,
} from './xSessionsUser'

// No tip: the simulator's few blocks are too few for starknet.js's tip estimate (which logs an error).
const noTip = { tip: 0 }

let sim: RunningSim
let provider: RpcProvider
const transports: WalletTransport[] = []

beforeAll(async () => {
  // The app is the developer's dapp (an exact --allow-dapp origin): only then does `auto` answer its requests.
  sim = await startSim({ seed: 11, approve: 'auto', allowedDapps: ['localhost', '127.0.0.1', APP_ORIGIN] })
  // e2e's starknet is v8, which speaks JSON-RPC 0.9.
  provider = new RpcProvider({ nodeUrl: `${sim.url}/rpc/v0_9` })
})
afterAll(async () => {
  for (const transport of transports) transport.destroy()
  await sim?.close()
})

const newUser = (email: string, keySeed: number) => newXsUser(sim, provider, email, keySeed, transports)

/** x-sessions' flow: the wallet signs the session typed data, the app builds the session account. */
async function sessionAccount(
  user: XsUser,
  request: SessionRequest,
  sessionKey: SessionKey = user.sessionKey,
) {
  const session = await signedSession(user, request)
  return buildSessionAccount({ session, sessionKey, provider, argentSessionServiceBaseUrl: sim.url })
}

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
