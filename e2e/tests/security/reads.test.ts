// Reads before consent, in Chromium against a real wallet-sim: a page the user never connected learns
// nothing about who is logged in (no deploymentData, no account, a login status that names nobody), while
// the connected page gets them; the same over the /trpc WebSocket for a foreign page with a login token.
import type { BrowserContext } from 'playwright-core'
import { beforeAll, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import { launchBrowser } from '../../support/browser'
import { buildWalletUi, startWalletSim } from '../wallet/walletServer'
import { type LoopbackHost, loginAndConnect, popupPage } from './pages'

beforeAll(() => buildWalletUi(), 120_000)

/** Opens the wallet popup from a page on `host`; the popup is a top-level wallet page (first-party login). */
async function openPopup(context: BrowserContext, host: LoopbackHost, walletUrl: string) {
  const served = await popupPage(host, walletUrl)
  const page = await context.newPage()
  await page.goto(served.origin)
  const opened = context.waitForEvent('page')
  await page.click('#open')
  const popup = await opened
  await page.evaluate(() => window.ready)
  return { page, popup, served }
}

test('(d) a page that did not connect gets no deploymentData, no account and a login status that names nobody', async () => {
  await using sim = await startWalletSim()
  await using browser = await launchBrowser()
  const context = await browser.newContext()
  const app = await openPopup(context, 'localhost', `${sim.url}/interstitialLogin`)
  await using _app = app.served
  await loginAndConnect(app.page, app.popup, sim.inbox, 'ann@example.com')
  const address = sim.login.user('ann@example.com')?.account.address ?? ''

  // Another site opens the wallet while Ann is logged in there. Every request goes at once: a popup that
  // was asked nothing closes itself shortly after its last answer.
  const stranger = await openPopup(context, '127.0.0.2', `${sim.url}/interstitialLogin`)
  await using _stranger = stranger.served
  const { page } = stranger
  await page.evaluate(() => {
    window.send('s1', 'getLoginStatus')
    window.send('a1', 'requestAccounts', { silent_mode: true })
    window.send('p1', 'getPermissions')
    window.send('d1', 'deploymentData')
  })
  await page.waitForFunction(() => ['s1', 'a1', 'p1', 'd1'].every((id) => window.answers[id] !== undefined))
  const answers = await page.evaluate(() => window.answers)
  expect(answers.s1?.result?.data).toEqual({ isLoggedIn: true, hasSession: false, isPreauthorized: false })
  expect(answers.a1?.result?.data).toEqual([])
  expect(answers.p1?.result?.data).toEqual([])
  expect(answers.d1?.error?.message).toBe('Connector not connected')
  expect(answers.d1?.error?.data).toMatchObject({ webwalletErrorCode: 'CONNECTOR_NOT_CONNECTED' })
  // Nothing the stranger heard carries the address or the e-mail.
  const heard = JSON.stringify(await page.evaluate(() => window.heard))
  expect(heard).not.toContain(address.slice(3))
  expect(heard).not.toContain('ann@example.com')
})

test('(d) over /trpc, a foreign page with a login token gets no deploymentData and no account before connecting', async () => {
  await using sim = await startWalletSim()
  const email = 'bob@example.com'
  sim.login.start(email)
  const { token } = await sim.login.verify(email, sim.inbox.latest(email)?.code ?? '')
  const ws = new WebSocket(`${sim.url.replace(/^http/, 'ws')}/trpc?token=${token}`, {
    headers: { origin: 'http://127.0.0.2:8080' },
  })
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  type Answer = { id: number; result?: { data?: unknown }; error?: { message: string; data?: unknown } }
  const answers = new Map<number, Answer>()
  ws.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as Answer
    answers.set(message.id, message)
  })
  const calls: [number, string, unknown][] = [
    [1, 'getLoginStatus', undefined],
    [2, 'requestAccounts', { silent_mode: true }],
    [3, 'deploymentData', undefined],
  ]
  for (const [id, path, input] of calls)
    ws.send(JSON.stringify({ id, method: 'mutation', params: { path, input } }))
  await expect.poll(() => answers.size).toBe(3)
  ws.close()
  expect(answers.get(1)?.result?.data).toEqual({
    isLoggedIn: true,
    hasSession: false,
    isPreauthorized: false,
  })
  expect(answers.get(2)?.result?.data).toEqual([])
  expect(answers.get(3)?.error?.message).toBe('Connector not connected')
  expect(JSON.stringify([...answers.values()])).not.toContain(
    sim.login.user(email)?.account.address.slice(3) ?? 'no user',
  )
})
