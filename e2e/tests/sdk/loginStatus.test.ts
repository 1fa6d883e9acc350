// getLoginStatus through the shim's WebSocket transport against wallet-sim: a session signed with the SDK
// for this app makes hasSession true until the chain clock passes its expiry; the login itself runs on the
// wall clock, so moving chain time does not log the user out.
import { createRpc, WebWallet } from '@webwallet/shim'
import { openTransport, type WalletTransport } from '@webwallet/shim/connector'
import { type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { headlessWalletOptions } from '../../support/headless'
import { logIn } from './login'

const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'

let sim: RunningSim
let token: string
const transports: WalletTransport[] = []

beforeAll(async () => {
  sim = await startSim({ seed: 7, approve: 'auto' })
  token = await logIn(sim, 'status@example.com')
})
afterAll(async () => {
  for (const transport of transports) transport.destroy()
  await sim?.close()
})

/** A fresh WebSocket transport with `bearer` as the login token. */
function transportWith(bearer: string): WalletTransport {
  const transport = openTransport('websocket', {
    walletUrl: sim.url,
    brandName: 'Argent',
    websocketUrl: `${sim.trpcUrl}?token=${bearer}`,
    WebSocket: WebSocket as never,
  })
  transports.push(transport)
  return transport
}

/** getLoginStatus over a fresh WebSocket transport with `bearer` as the login token. */
function loginStatus(bearer: string): Promise<unknown> {
  return transportWith(bearer).mutate({ procedure: 'getLoginStatus', input: undefined })
}

it('reports the session the SDK signed for this app, until it expires on chain', async () => {
  expect(await loginStatus(token)).toEqual({ isLoggedIn: true, hasSession: false, isPreauthorized: false })

  const wallet = WebWallet.init({
    appName: 'login-status',
    sessionParams: { allowedMethods: [{ contract: STRK, selector: 'transfer' }], validityDays: 1 },
    ...headlessWalletOptions(sim, token),
  })
  await wallet.requestConnection()
  expect(wallet.getSessionStatus()).toBe('VALID')
  expect(await loginStatus(token)).toEqual({ isLoggedIn: true, hasSession: true, isPreauthorized: true })

  await createRpc({ nodeUrl: sim.rpcUrl }).request('devnet_increaseTime', { time: 2 * 86_400 })
  expect(await loginStatus(token)).toEqual({ isLoggedIn: true, hasSession: false, isPreauthorized: true })
})

it('an unknown login token is logged out: isLoggedIn false, and USER_LOGGED_OUT where the login is needed', async () => {
  const unknown = 'f'.repeat(64)
  expect(await loginStatus(unknown)).toEqual({ isLoggedIn: false })
  await expect(
    transportWith(unknown).mutate({ procedure: 'requestAccounts', input: { silent_mode: true } }),
  ).rejects.toMatchObject({ code: 'USER_LOGGED_OUT' })
})
