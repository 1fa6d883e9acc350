// getLoginStatus as a host app gets it from the wallet page over the iframe (/iframes/comms): the page asks
// its server for the app's origin with its own login token. hasSession follows the sessions the user signed
// for this app (connectAndSignSession, or plain signTypedData of a session as x-sessions asks) until the
// chain clock passes their expiry; a login the server no longer honours is isLoggedIn false, and the page
// asks the user to log in again on the next request.

import { buildSession, sessionTypedData } from '@webwallet/protocol/session'
import { createRpc } from '@webwallet/shim'
import type { FrameLocator, Page } from 'playwright-core'
import { beforeAll, expect, test } from 'vitest'
import { launchBrowser } from '../../support/browser'
import { readConsent } from '../../support/demo'
import { request, serveHost } from './hostPage'
import { buildWalletUi, startWalletSim } from './walletServer'

const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const SN_SEPOLIA = BigInt('0x534e5f5345504f4c4941')

beforeAll(() => buildWalletUi(), 120_000)

/** The session typed data of a STRK-transfer session for the key `sessionPublicKey`, expiring at `expiresAt`. */
const sessionFor = (expiresAt: number, sessionPublicKey: string) =>
  sessionTypedData(
    buildSession({
      expiresAt,
      allowedMethods: [{ 'Contract Address': STRK, selector: 'transfer' }],
      metadata: {
        projectID: 'login-status',
        txFees: [{ tokenAddress: STRK, maxAmount: '10000000000000000000' }],
      },
      sessionPublicKey,
    }),
    SN_SEPOLIA,
  )

type Sim = Awaited<ReturnType<typeof startWalletSim>>

/** Opens the host page on `walletUrl`'s iframe, with the modal subscription on. */
async function openHost(page: Page, origin: string) {
  await page.goto(origin)
  await page.evaluate(() => window.loaded)
  await page.evaluate(() => window.send('modal', 'updateModal', undefined, 'subscription'))
  return page.frameLocator('iframe')
}

/** connectWebwallet, logging `email` in with the code from the dev inbox. */
async function logInAndConnect(page: Page, frame: FrameLocator, sim: Sim, email: string) {
  await page.evaluate(() => window.send('connect', 'connectWebwallet', {}))
  await frame.getByLabel('E-mail address').fill(email)
  await frame.getByRole('button', { name: 'Send code' }).click()
  // The field shows once the server answered: the code is in the inbox by then.
  await frame.getByLabel('Code').waitFor()
  await frame.getByLabel('Code').fill(sim.inbox.latest(email)?.code ?? '')
  await frame.getByRole('button', { name: 'Log in' }).click()
  await frame.getByRole('button', { name: 'Connect' }).click()
  await page.waitForFunction(() => window.answers.connect !== undefined)
}

let statusCount = 0
const loginStatus = async (page: Page) =>
  (await request(page, `status-${++statusCount}`, 'getLoginStatus')).result?.data

test('the host app has a session over the iframe once the user signed one, until the chain clock passes its expiry', async () => {
  await using sim = await startWalletSim()
  await using host = await serveHost(`${sim.url}/iframes/comms`)
  await using browser = await launchBrowser()
  const page = await browser.newPage()
  const frame = await openHost(page, host.origin)
  const rpc = createRpc({ nodeUrl: `${sim.url}/rpc` })

  expect(await loginStatus(page)).toEqual({ isLoggedIn: false })
  await logInAndConnect(page, frame, sim, 'status@example.com')
  expect(await loginStatus(page)).toEqual({ isLoggedIn: true, hasSession: false, isPreauthorized: true })

  const expiresAt = sim.sim.chain.now() + 3_600
  await page.evaluate(
    (typedData) =>
      window.send('session', 'connectAndSignSession', { approvalRequests: [], sessionTypedData: typedData }),
    sessionFor(expiresAt, '0x5e55'),
  )
  await readConsent(frame)
  await frame.getByRole('button', { name: 'Sign session' }).click()
  await page.waitForFunction(() => window.answers.session !== undefined)
  expect(await loginStatus(page)).toEqual({ isLoggedIn: true, hasSession: true, isPreauthorized: true })

  await rpc.request('devnet_setTime', { time: expiresAt })
  expect(await loginStatus(page)).toEqual({ isLoggedIn: true, hasSession: false, isPreauthorized: true })

  // x-sessions asks for a new session with plain signTypedData: the /signSessionKeys screen, and it counts too.
  await page.evaluate(
    (typedData) => window.send('typed', 'signTypedData', [typedData]),
    sessionFor(expiresAt + 3_600, '0x5e56'),
  )
  await frame.getByRole('heading', { name: 'Start a session' }).waitFor()
  await readConsent(frame)
  await frame.getByRole('button', { name: 'Sign session' }).click()
  await page.waitForFunction(() => window.answers.typed !== undefined)
  expect(await loginStatus(page)).toEqual({ isLoggedIn: true, hasSession: true, isPreauthorized: true })
  await rpc.request('devnet_setTime', { time: expiresAt + 3_600 })
  expect(await loginStatus(page)).toMatchObject({ hasSession: false })
})

test('a login the server no longer honours is isLoggedIn false, and the next request shows the login screen', async () => {
  await using sim = await startWalletSim()
  await using host = await serveHost(`${sim.url}/iframes/comms`)
  await using browser = await launchBrowser()
  const page = await browser.newPage()
  const frame = await openHost(page, host.origin)
  const email = 'gone@example.com'
  await logInAndConnect(page, frame, sim, email)
  expect(await loginStatus(page)).toMatchObject({ isLoggedIn: true })

  // The server ends the page's login (as a restart without --state would forget it).
  for (const [token, session] of Object.entries(sim.login.snapshot().sessions)) {
    if (session.email === email) sim.login.logout(token)
  }
  expect(await loginStatus(page)).toEqual({ isLoggedIn: false })
  await page.locator('iframe').waitFor({ state: 'hidden' })

  await page.evaluate(() => window.send('again', 'connectWebwallet', {}))
  await frame.getByLabel('E-mail address').waitFor()
  expect(await page.locator('iframe').isVisible()).toBe(true)
})
