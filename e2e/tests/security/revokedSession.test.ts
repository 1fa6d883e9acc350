// Issue 36 item 9, the attacks on a revoked session, against a real wallet-sim: a thief holds a copy of a
// session key (exported). Once the app revokes the session (`revokeSession()`, the key signs its own
// revocation), the cosigner co-signs nothing more for it, so the copy runs nothing; a key cannot revoke another
// session than its own. Once the user revokes it on the wallet's Connected apps page, the account itself
// refuses it too (`revoke_session`, owner + guardian). The wallet's logout ends a connection's login.
import { selectorFromName, sessionRevocationHash, signHash, toHex } from '@webwallet/protocol/session'
import { createRpc, SessionAccount, WebWallet } from '@webwallet/shim'
import { CONTRACTS, type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { headlessWalletOptions } from '../../support/headless'
import { logIn } from '../sdk/login'
import { postJson, type StolenSession, stealSession } from './attacker'

const increment = { contractAddress: CONTRACTS.counter, entrypoint: 'increment', calldata: [] }
const allowedMethods = [{ contract: CONTRACTS.counter, selector: 'increment' }]

let sim: RunningSim
beforeAll(async () => {
  sim = await startSim({ seed: 36, approve: 'auto' })
}, 60_000)
afterAll(() => sim?.close())

/** The thief's account: the stolen session and key, used directly against the node and the cosigner. */
const thief = (stolen: StolenSession) =>
  new SessionAccount({
    rpc: createRpc({ nodeUrl: sim.rpcUrl }),
    session: stolen,
    address: stolen.stored.address,
    chainId: stolen.stored.chainId,
    network: 'sepolia',
    cosignerBaseUrl: sim.url,
    fetch: (...args) => fetch(...args),
    now: () => Date.now(),
  })

const isRevokedOnChain = async (stolen: StolenSession) => {
  const [revoked] = await createRpc({ nodeUrl: sim.rpcUrl }).request<string[]>('starknet_call', {
    request: {
      contract_address: stolen.stored.address,
      entry_point_selector: toHex(selectorFromName('is_session_revoked')),
      calldata: [stolen.stored.hash],
    },
    block_id: 'pre_confirmed',
  })
  return BigInt(revoked ?? 0) !== 0n
}

/** The user's own transaction through the wallet API (deploys the account first): as its page sends it. */
async function deployByOwner(email: string) {
  const token = await logIn(sim, email)
  const answer = await postJson(
    `${sim.url}/wallet/api/execute`,
    { origin: 'https://app.example', calls: [increment] },
    { authorization: `Bearer ${token}` },
  )
  expect(answer.status).toBe(200)
  return token
}

it('revokeSession(): a stolen copy of the key is refused by the cosigner, so it runs nothing', async () => {
  const email = 'revoke-sdk@example.com'
  await deployByOwner(email)
  const { wallet, stolen } = await stealSession(sim, { email, appName: 'revoke', allowedMethods })
  // Before: the copy works.
  expect((await thief(stolen).execute(increment)).transaction_hash).toMatch(/^0x/)
  await wallet.revokeSession()
  expect(wallet.exportSignedSession()).toBeUndefined()
  await expect(thief(stolen).execute(increment)).rejects.toMatchObject({
    code: 'SESSION_REVOKED',
    data: { reason: 'revoked' },
  })
  await expect(thief(stolen).getOutsideExecutionPayload(increment)).rejects.toMatchObject({
    code: 'SESSION_REVOKED',
  })
  // The app's revocation is the cosigner's; only the owner writes one on chain (the Connected apps page).
  expect(await isRevokedOnChain(stolen)).toBe(false)
}, 120_000)

it('a stolen key revokes its own session only: another session’s key is refused, and nothing is revoked', async () => {
  const email = 'revoke-other@example.com'
  const victim = await stealSession(sim, { email, appName: 'victim', allowedMethods })
  const other = await stealSession(sim, { email, appName: 'other', allowedMethods })
  const { stored } = victim.stolen
  const forged = signHash(sessionRevocationHash(stored.hash), other.stolen.privateKey)
  const answer = await postJson(`${sim.url}/cosigner/revokeSession`, {
    session: {
      sessionHash: stored.hash,
      sessionAuthorisation: stored.authorisationSignature,
      cacheAuthorisation: false,
      sessionSignature: {
        type: 'StarknetKey',
        signer: { publicKey: toHex(forged.signer), r: `${forged.r}`, s: `${forged.s}` },
      },
    },
  })
  expect(answer.status).toBe(403)
  expect(answer.json().status).toBe('invalidSessionSignature')
  expect(await victim.wallet.isConnected()).toBe(true)
  // The victim's session still works: nothing was revoked.
  await deployByOwner(email)
  expect((await thief(victim.stolen).execute(increment)).transaction_hash).toMatch(/^0x/)
}, 120_000)

it('revoked on the Connected apps page: the cosigner and the account both refuse the stolen copy', async () => {
  const email = 'revoke-page@example.com'
  const token = await deployByOwner(email)
  const { wallet, stolen } = await stealSession(sim, { email, appName: 'revoke-page', allowedMethods })
  const revoked = await postJson(
    `${sim.url}/wallet/api/revokeSession`,
    { sessionHash: stolen.stored.hash },
    { authorization: `Bearer ${token}` },
  )
  expect(revoked.status).toBe(200)
  expect(revoked.json().transactionHash).toMatch(/^0x/)
  expect(await isRevokedOnChain(stolen)).toBe(true)
  await expect(thief(stolen).execute(increment)).rejects.toMatchObject({ code: 'SESSION_REVOKED' })
  // The app's own account learns it at its next execute.
  await expect(wallet.sessionAccount?.execute(increment)).rejects.toMatchObject({
    code: 'SESSION_REVOKED',
    data: { reason: 'revoked' },
  })
  // Another user cannot revoke it (nor learn it exists): 404.
  const stranger = await logIn(sim, 'stranger@example.com')
  const refused = await postJson(
    `${sim.url}/wallet/api/revokeSession`,
    { sessionHash: stolen.stored.hash },
    { authorization: `Bearer ${stranger}` },
  )
  expect(refused.status).toBe(404)
}, 120_000)

it("logout(): the connection's login ends; the next sign-in with it is refused as USER_LOGGED_OUT", async () => {
  const token = await logIn(sim, 'logout@example.com')
  const init = () =>
    WebWallet.init({
      appName: 'logout',
      sessionParams: { allowedMethods },
      ...headlessWalletOptions(sim, token),
    })
  const wallet = init()
  await wallet.requestConnection()
  expect(await wallet.logout()).toBe(true)
  expect(wallet.sessionAccount).toBeUndefined()
  const again = init()
  await expect(again.requestConnection()).rejects.toMatchObject({
    code: 'CONNECT_AND_SIGN_SESSION',
    data: { webwalletErrorCode: 'USER_LOGGED_OUT' },
  })
  await Promise.all([wallet.disconnect(), again.disconnect()])
}, 120_000)
