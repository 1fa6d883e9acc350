// The transport attacks that are blocked, kept blocked: in Chromium, the dapp (localhost) uses the shim's real
// connector with wallet-sim's real wallet (127.0.0.1); the attacker is a site on 127.0.0.2 — a frame inside
// the dapp (an advertisement), a tab that opened the dapp, or a window of the wallet's own origin it opened.
// (a)/(b) forged replies never settle a request: the real answer wins; (c) the shim posts to the wallet's
// exact origin only, so a wallet frame moved to the attacker's origin hears no request, and the wallet
// likewise, so a dapp tab moved to the attacker's page hears no answer (and the browser keeps the ad from
// taking the wallet popup over by its window name); (d) the wallet
// answers only the window that embeds or opened it, and tells a site that opened it nothing of the user's
// grants to another. Every attack is checked to have reached its target, so no test passes vacuously.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { launchBrowser } from '../../support/browser'
import { buildWalletUi, startWalletSim } from '../wallet/walletServer'
import { forge, forgedHeard, typedData } from './forgery'
import {
  approve,
  bundleDapp,
  frameAt,
  heardBy,
  loginAndConnect,
  markClosingTo,
  POLL,
  recordWalletPages,
  requestId,
  type Site,
  serveAttacker,
  serveDapp,
  settled,
  waitForMarker,
} from './transportPages'

// Several browser windows per test on a shared, loaded machine: room for slow steps, no fixed waits.
vi.setConfig({ testTimeout: 120_000 })

let script: string
let browser: Browser & AsyncDisposable
let attacker: Site
let dapp: Site

beforeAll(async () => {
  buildWalletUi()
  script = await bundleDapp()
  browser = await launchBrowser()
  attacker = await serveAttacker()
  dapp = await serveDapp(script)
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await attacker?.[Symbol.asyncDispose]()
  await dapp?.[Symbol.asyncDispose]()
})

/** A fresh browser profile whose wallet pages record what they hear. */
async function contextFor(walletUrl: string): Promise<BrowserContext> {
  const context = await browser.newContext()
  context.setDefaultTimeout(60_000)
  await recordWalletPages(context, walletUrl)
  return context
}

const dappUrl = (walletUrl: string, transport: 'iframe' | 'popup', ad = true) =>
  `${dapp.origin}/?wallet=${encodeURIComponent(walletUrl)}&transport=${transport}${ad ? `&ad=${encodeURIComponent(`${attacker.origin}/ad`)}` : ''}`

test('(a) replies forged by a frame of another origin inside the dapp are ignored; the real answer wins', async () => {
  await using sim = await startWalletSim()
  const context = await contextFor(sim.url)
  const page = await context.newPage()
  await page.goto(dappUrl(sim.url, 'iframe'))
  await page.evaluate(() => window.victimDapp.connect('connect'))
  const wallet = await frameAt(page, `${sim.url}/iframes/comms`)
  await wallet.getByLabel('E-mail address').waitFor()
  const ids = {
    real: await requestId(wallet, 'connectWebwallet'),
    modal: await requestId(wallet, 'updateModal'),
  }

  const ad = await frameAt(page, attacker.origin)
  const sent = await forge(ad, 'parent', dapp.origin, ids)
  await waitForMarker(page, 'forged') // every forgery reached the dapp before the marker
  expect(await forgedHeard(page, attacker.origin)).toHaveLength(sent)
  expect((await page.evaluate(() => window.victimDapp.outcomes.connect))?.state).toBe('pending')
  expect(await page.locator('#webwallet-modal').isVisible()).toBe(true) // the forged 'hide' did nothing

  const email = 'ann-a@example.com'
  await loginAndConnect(wallet, sim.inbox, email)
  const outcome = await settled(page, 'connect')
  expect(outcome).toEqual({
    state: 'resolved',
    value: { account: [sim.login.user(email)?.account.address], chainId: '0x534e5f5345504f4c4941' },
  })
  await context.close()
})

test('(b) replies forged by twin windows are ignored: a tab of the attacker that opened the dapp, and a window of the wallet origin it opened', async () => {
  await using sim = await startWalletSim()
  const context = await contextFor(sim.url)
  // The user arrives at the dapp through a link on the attacker's page, which keeps a handle on it.
  const lure = await context.newPage()
  await lure.goto(`${attacker.origin}/`)
  const opened = context.waitForEvent('page')
  await lure.evaluate(
    (url) => {
      Object.assign(window, { victim: window.open(url, 'victim') })
    },
    dappUrl(sim.url, 'popup'),
  )
  const page = await opened
  await page.waitForFunction(() => window.victimDapp !== undefined)

  const walletOpened = context.waitForEvent('page')
  await page.evaluate(() => window.victimDapp.connect('connect'))
  const wallet = await walletOpened
  await wallet.getByLabel('E-mail address').waitFor()
  const real = await requestId(wallet, 'connectWebwallet')

  // Twin 1: the attacker's tab, posting to the dapp it opened.
  const sent = await forge(lure, 'victim', dapp.origin, { real })
  await waitForMarker(page, 'forged')
  expect(await forgedHeard(page, attacker.origin)).toHaveLength(sent)
  // Twin 2: a page of the wallet's own origin and URL, opened by the advertisement; only event.source tells
  // it apart from the real wallet window. It stands for any other window of that origin.
  const ad = await frameAt(page, attacker.origin)
  const twinOpened = context.waitForEvent('page')
  await ad.evaluate((url) => {
    window.open(url, 'twin')
  }, `${sim.url}/interstitialLogin`)
  const twin = await twinOpened
  await twin.waitForFunction(() => Array.isArray(window.overheard))
  await page.evaluate(() => {
    window.overheard.length = 0
  })
  await forge(twin, 'opener.parent', dapp.origin, { real })
  await waitForMarker(page, 'forged')
  // All from the wallet's origin: the origin check alone would accept them.
  expect(await forgedHeard(page, sim.url)).toHaveLength(sent)
  expect((await page.evaluate(() => window.victimDapp.outcomes.connect))?.state).toBe('pending')

  const email = 'ann-b@example.com'
  await loginAndConnect(wallet, sim.inbox, email)
  const outcome = await settled(page, 'connect')
  expect(outcome.value).toEqual({
    account: [sim.login.user(email)?.account.address],
    chainId: '0x534e5f5345504f4c4941',
  })
  await context.close()
})

/** The dapp asks to sign `contents`, then posts `marker` to its wallet frame for `origin` only. */
function signThenMark(page: Page, contents: string, marker: string, origin: string) {
  return page.evaluate(
    ({ data, marker, origin }) => {
      window.victimDapp.request(marker, { type: 'wallet_signTypedData', params: data })
      // A task later: the marker follows the request's own message to the frame.
      setTimeout(() => {
        const frame = document.getElementById('webwallet-iframe') as HTMLIFrameElement
        frame.contentWindow?.postMessage(marker, origin)
      }, 0)
    },
    { data: typedData(contents), marker, origin },
  )
}

test("(c) the shim never posts to '*': a wallet frame moved to the attacker's origin hears no request", async () => {
  await using sim = await startWalletSim()
  const context = await contextFor(sim.url)
  const page = await context.newPage()
  await page.goto(dappUrl(sim.url, 'iframe', false))
  await page.evaluate(() => window.victimDapp.request('chain', { type: 'wallet_requestChainId' }))
  expect((await settled(page, 'chain')).value).toBe('0x534e5f5345504f4c4941')
  const wallet = await frameAt(page, `${sim.url}/iframes/comms`)

  // While the frame is the wallet's, the same sequence delivers the request before the marker.
  await signThenMark(page, 'secret-one', 'marker-one', sim.url)
  await waitForMarker(wallet, 'marker-one')
  expect(JSON.stringify(await heardBy(wallet))).toContain('secret-one')

  // The frame moves to the attacker's site (an open redirect, a link, a frame navigation).
  await wallet.evaluate((url) => {
    location.href = url
  }, `${attacker.origin}/moved`)
  const moved = await frameAt(page, `${attacker.origin}/moved`)
  await signThenMark(page, 'secret-two', 'marker-two', attacker.origin)
  await waitForMarker(moved, 'marker-two')
  expect(await heardBy(moved)).toEqual([{ origin: dapp.origin, data: 'marker-two' }])
  await context.close()
})

test("(c) the wallet never posts to '*': the dapp's tab moved to the attacker's page hears no answer", async () => {
  await using sim = await startWalletSim()
  const context = await contextFor(sim.url)
  // The attacker's tab opened the dapp, so it may navigate the dapp's tab.
  const lure = await context.newPage()
  await lure.goto(`${attacker.origin}/`)
  const dappOpened = context.waitForEvent('page')
  await lure.evaluate(
    (url) => {
      Object.assign(window, { victim: window.open(url, 'victim') })
    },
    dappUrl(sim.url, 'popup', false),
  )
  const page = await dappOpened
  await page.waitForFunction(() => window.victimDapp !== undefined)
  const connectOpened = context.waitForEvent('page')
  await page.evaluate(() => window.victimDapp.connect('connect'))
  await loginAndConnect(await connectOpened, sim.inbox, 'ann-c3@example.com')
  expect((await settled(page, 'connect')).state).toBe('resolved') // the wallet's answers reach the dapp

  const signOpened = context.waitForEvent('page')
  await page.evaluate(
    (data) => window.victimDapp.request('sign', { type: 'wallet_signTypedData', params: data }),
    typedData('sign-for-the-dapp'),
  )
  const wallet = await signOpened
  await wallet.getByRole('heading', { name: 'Sign message' }).waitFor()
  // While the user reads, the attacker moves the dapp's tab to a page of its own.
  await lure.evaluate((url) => {
    ;(window as unknown as { victim: Window }).victim.location.href = url
  }, `${attacker.origin}/landing`)
  await page.waitForURL(`${attacker.origin}/landing`)
  await page.waitForFunction(() => Array.isArray(window.overheard))

  // The marker is addressed to the attacker's page the test knows the tab holds now: when it arrives,
  // anything the wallet posted that window before it would have arrived too.
  await markClosingTo(wallet, attacker.origin)
  const closed = wallet.waitForEvent('close')
  await approve(wallet, 'Sign')
  await waitForMarker(page, 'wallet-closing') // the wallet answered, then closed
  await closed
  expect((await heardBy(page)).filter((h) => h.origin === sim.url)).toEqual([
    { origin: sim.url, data: 'wallet-closing' },
  ])
  await context.close()
})

test('(c) a frame inside the dapp cannot take the wallet popup over by its window name', async () => {
  await using sim = await startWalletSim()
  const context = await contextFor(sim.url)
  const page = await context.newPage()
  await page.goto(dappUrl(sim.url, 'popup'))
  const walletOpened = context.waitForEvent('page')
  await page.evaluate(() => window.victimDapp.connect('connect'))
  const wallet = await walletOpened
  await wallet.getByLabel('E-mail address').waitFor()

  // The advertisement names the wallet's window: the browser opens a window of its own instead.
  const ad = await frameAt(page, attacker.origin)
  const attackerOpened = context.waitForEvent('page')
  await ad.evaluate((url) => {
    window.open(url, 'webwallet')
  }, `${attacker.origin}/phish`)
  const other = await attackerOpened
  await other.waitForURL(`${attacker.origin}/phish`)
  expect(other).not.toBe(wallet)
  expect(new URL(wallet.url()).origin).toBe(sim.url)

  const email = 'ann-c2@example.com'
  await loginAndConnect(wallet, sim.inbox, email)
  expect((await settled(page, 'connect')).value).toMatchObject({
    account: [sim.login.user(email)?.account.address],
  })
  await context.close()
})

test('(d) the wallet ignores requests from a frame that does not embed it', async () => {
  await using sim = await startWalletSim()
  const context = await contextFor(sim.url)
  const page = await context.newPage()
  await page.goto(dappUrl(sim.url, 'iframe'))
  await page.evaluate(() => window.victimDapp.connect('connect'))
  const wallet = await frameAt(page, `${sim.url}/iframes/comms`)
  const email = 'ann-d@example.com'
  await loginAndConnect(wallet, sim.inbox, email)
  expect((await settled(page, 'connect')).state).toBe('resolved')
  await page.locator('#webwallet-modal').waitFor({ state: 'hidden' })

  // The advertisement reaches the wallet frame through its parent and asks as the dapp would.
  const ad = await frameAt(page, attacker.origin)
  await ad.evaluate(
    ({ wallet, data }) => {
      const frames = Array.from({ length: parent.frames.length }, (_, i) => parent.frames[i])
      const target = frames.find((f) => f !== window)
      const ask = (id: string, path: string, input?: unknown) =>
        target?.postMessage({ trpc: { id, method: 'mutation', params: { path, input } } }, wallet)
      ask('evil-accounts', 'requestAccounts', { silent_mode: true })
      ask('evil-permissions', 'getPermissions')
      ask('evil-sign', 'signTypedData', [data])
    },
    { wallet: sim.url, data: typedData('from-the-ad') },
  )
  await wallet.waitForFunction(
    () => window.overheard.some((h) => JSON.stringify(h.data).includes('evil-sign')),
    undefined,
    POLL,
  )

  // The dapp's own request right after: the wallet's first prompt is the dapp's, and the last.
  await page.evaluate(
    (data) => window.victimDapp.request('sign', { type: 'wallet_signTypedData', params: data }),
    typedData('from-the-dapp'),
  )
  await wallet.getByRole('heading', { name: 'Sign message' }).waitFor()
  expect(await wallet.locator('body').textContent()).toContain('from-the-dapp')
  expect(await wallet.locator('body').textContent()).not.toContain('from-the-ad')
  await approve(wallet, 'Sign')
  expect((await settled(page, 'sign')).state).toBe('resolved')
  await page.locator('#webwallet-modal').waitFor({ state: 'hidden' })
  expect((await heardBy(ad)).filter((h) => h.origin === sim.url)).toEqual([])

  await context.close()
})

test('(d) a site that opens the wallet itself learns nothing of the grant the user gave another', async () => {
  await using sim = await startWalletSim()
  const context = await contextFor(sim.url)
  // The user connects the dapp through the popup: logged in first-party, where the attacker's popup opens.
  const page = await context.newPage()
  await page.goto(dappUrl(sim.url, 'popup', false))
  const walletOpened = context.waitForEvent('page')
  await page.evaluate(() => window.victimDapp.connect('connect'))
  const email = 'ann-d2@example.com'
  await loginAndConnect(await walletOpened, sim.inbox, email)
  const address = sim.login.user(email)?.account.address ?? ''
  expect((await settled(page, 'connect')).value).toMatchObject({ account: [address] })

  // The attacker's own page opens the wallet: the user is logged in there (first-party), not connected.
  const lure = await context.newPage()
  await lure.goto(`${attacker.origin}/`)
  const opened = context.waitForEvent('page')
  await lure.evaluate((url) => {
    Object.assign(window, { walletWindow: window.open(url, 'wallet') })
  }, `${sim.url}/interstitialLogin`)
  await opened
  await lure.waitForFunction(() => window.overheard.some((h) => h.data === 'TRPC_BROWSER::POPUP_LOADED'))
  await lure.evaluate((wallet) => {
    const target = (window as unknown as { walletWindow: Window }).walletWindow
    const ask = (id: string, path: string, input?: unknown) =>
      target.postMessage({ trpc: { id, method: 'mutation', params: { path, input } } }, wallet)
    ask('status', 'getLoginStatus')
    ask('accounts', 'requestAccounts', { silent_mode: true })
    ask('permissions', 'getPermissions')
  }, sim.url)
  await lure.waitForFunction(() =>
    ['status', 'accounts', 'permissions'].every((id) =>
      window.overheard.some((h) => (h.data as { trpc?: { id?: string } })?.trpc?.id === id),
    ),
  )
  const answers = Object.fromEntries(
    (await heardBy(lure))
      .map((h) => (h.data as { trpc?: { id: string; result?: { data?: unknown } } }).trpc)
      .filter((t) => t !== undefined)
      .map((t) => [t.id, t.result?.data]),
  )
  expect(answers.status).toMatchObject({ isLoggedIn: true }) // logged in: the empty answers below mean something
  expect(answers.accounts).toEqual([])
  expect(answers.permissions).toEqual([])
  expect(JSON.stringify(await heardBy(lure))).not.toContain(address.slice(3))
  await context.close()
})
