// The iframe variant (/iframes/comms) driven by raw trpc-browser envelopes from a host page on another
// origin (./hostPage): login, connect, sign message, review, session. With WALLET_SCREENSHOTS=1 it also
// writes the screenshots of wallet-sim/docs (light and dark).

import { mkdirSync } from 'node:fs'
import { buildSession, sessionTypedData } from '@webwallet/protocol/session'
import { CONTRACTS } from '@webwallet/wallet-sim'
import type { Page } from 'playwright-core'
import { beforeAll, expect, test } from 'vitest'
import { launchBrowser } from '../../support/browser'
import { readConsent } from '../../support/demo'
import { mail } from '../../support/typedData'
import { answerOf, serveHost } from './hostPage'
import { buildWalletUi, startWalletSim } from './walletServer'

const DOCS = new URL('../../../wallet-sim/docs/', import.meta.url).pathname
const WRITE = process.env.WALLET_SCREENSHOTS === '1'
const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const ETH = '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7'
const COUNTER = '0x00000000000000000000000000000000000000000000000000000000000c0de1'
/** wallet-sim's deployed demo counter: the review names it and estimates its fee. */
const DEMO_COUNTER = CONTRACTS.counter
const SPENDER = '0x05bd1e5000000000000000000000000000000000000000000000000000000abc'
const MAIL = mail('gm from the iframe', { to: '0x1234' })

beforeAll(() => buildWalletUi(), 120_000)

async function shoot(page: Page, name: string, theme: string) {
  if (!WRITE) return
  mkdirSync(DOCS, { recursive: true })
  // The approve button as the user sees it once the clickjacking guard armed it (not greyed out).
  const frame = page.frameLocator('iframe')
  if ((await frame.locator('.actions .primary').count()) > 0)
    await frame.locator('[data-armed="true"]').waitFor()
  await page.locator('iframe').screenshot({ path: `${DOCS}${name}-${theme}.png`, animations: 'disabled' })
}

for (const theme of ['light', 'dark'] as const) {
  test(`the iframe wallet serves a host page on another origin (${theme})`, async () => {
    await using sim = await startWalletSim()
    await using host = await serveHost(`${sim.url}/iframes/comms?theme=${theme}`)
    const { origin } = host
    await using browser = await launchBrowser()
    const context = await browser.newContext({ colorScheme: theme })
    const page = await context.newPage()
    await page.goto(origin)
    await page.evaluate(() => window.loaded)
    const frame = page.frameLocator('iframe')

    await page.evaluate(() => window.send('modal', 'updateModal', undefined, 'subscription'))
    await page.evaluate(() => window.send('c1', 'connectWebwallet', { theme: undefined }))
    const email = `${theme}@example.com`
    await frame.getByLabel('E-mail address').fill(email)
    await shoot(page, 'login', theme)
    await frame.getByRole('button', { name: 'Send code' }).click()
    // The field shows once the server answered: the code is in the inbox by then.
    await frame.getByLabel('Code').waitFor()
    await frame.getByLabel('Code').fill(sim.inbox.latest(email)?.code ?? '')
    await frame.getByRole('button', { name: 'Log in' }).click()
    await frame.getByRole('heading', { name: 'Connect' }).waitFor()
    expect(await frame.getByRole('note', { name: 'Requesting origin' }).textContent()).toBe(origin)
    await shoot(page, 'connect', theme)
    await frame.getByRole('button', { name: 'Connect' }).click()
    const address = sim.login.user(email)?.account.address
    expect((await answerOf(page, 'c1')).result?.data).toEqual({
      account: [address],
      chainId: '0x534e5f5345504f4c4941',
    })
    await expect.poll(() => page.locator('iframe').isVisible()).toBe(false)

    await page.evaluate((mail) => window.send('s1', 'signTypedData', [mail]), MAIL)
    await frame.getByRole('heading', { name: 'Sign message' }).waitFor()
    // An address in the message: the wallet does not call it harmless, it says it cannot tell.
    expect(await frame.getByRole('note', { name: 'What the signature can do' }).textContent()).toBe(
      `The wallet cannot tell what this signature allows (to is a ContractAddress, which can hold an address or an amount). A contract that trusts your account may act on it, as if you had agreed. Sign only if you trust ${origin}.`,
    )
    expect(await frame.getByRole('note', { name: 'Message' }).textContent()).toBe(
      'to0x1234contentsgm from the iframe',
    )
    await shoot(page, 'signMessage', theme)
    await frame.getByRole('button', { name: 'Sign' }).click()
    expect((await answerOf(page, 's1')).result?.data).toHaveLength(9)

    const calls = [
      { contract_address: STRK, entry_point: 'transfer', calldata: [SPENDER, '2500000000000000000', '0'] },
      { contract_address: DEMO_COUNTER, entry_point: 'increment', calldata: [] },
    ]
    await page.evaluate((list) => window.send('r1', 'addInvokeTransaction', list), calls)
    await frame.getByRole('heading', { name: 'Confirm transaction' }).waitFor()
    await frame.getByText('Transfer 2.5 STRK to 0x05bd…0abc').waitFor()
    await frame.getByText('Call increment on DemoCounter').first().waitFor()
    // What leaves the account, in STRK and USD (the backend's price), summed from the felts signed.
    const changes = frame.getByRole('region', { name: 'Balance changes' })
    await expect
      .poll(() => changes.locator('li').allTextContents())
      .toEqual([expect.stringMatching(/^−2\.5 STRK \(−\$\d+\.\d{2}\)$/)])
    expect(await frame.getByRole('note', { name: 'Unknown balance changes' }).textContent()).toBe(
      'The wallet cannot tell how this call changes your balances: Call increment on DemoCounter.',
    )
    await frame
      .getByText(/^At most [\d.]+ STRK \((< )?\$[\d.]+\), deploying your account included$/)
      .waitFor()
    await shoot(page, 'review', theme)
    await frame.getByRole('button', { name: 'Reject' }).click()
    expect((await answerOf(page, 'r1')).error?.data).toMatchObject({ webwalletErrorCode: 'USER_REJECTED' })

    const session = buildSession({
      expiresAt: Math.floor(Date.UTC(2030, 0, 1) / 1000),
      allowedMethods: [
        { 'Contract Address': STRK, selector: 'transfer' },
        { 'Contract Address': COUNTER, selector: 'increase_counter' },
      ],
      metadata: {
        projectID: 'iframe-demo',
        txFees: [
          { tokenAddress: STRK, maxAmount: '10000000000000000000' },
          { tokenAddress: ETH, maxAmount: '100000000000000000' },
        ],
      },
      sessionPublicKey: '0x5e55',
    })
    const request = {
      approvalRequests: [{ tokenAddress: STRK, spender: SPENDER, amount: '1000000000000000000' }],
      sessionTypedData: sessionTypedData(session, BigInt('0x534e5f5345504f4c4941')),
    }
    await page.evaluate((input) => window.send('k1', 'connectAndSignSession', input), request)
    await frame.getByRole('heading', { name: 'Start a session' }).waitFor()
    await shoot(page, 'signSession', theme)
    await readConsent(frame)
    await frame.getByRole('button', { name: 'Sign session' }).click()
    const signed = (await answerOf(page, 'k1')).result?.data as Record<string, unknown>
    expect(signed).toMatchObject({
      account: [address],
      approvalTransactionHash: expect.stringMatching(/^0x/),
    })

    expect(await page.evaluate(() => window.modal)).toEqual(
      expect.arrayContaining([
        { action: 'hide' },
        { action: 'updateSize', width: 380, height: 420 },
        { action: 'updateSize', width: 385, height: 440 },
        { action: 'updateSize', width: 385, height: 775 },
        // Each step's title for the page's modal.
        { action: 'show', title: 'Log in' },
        { action: 'show', title: 'Connect' },
        { action: 'show', title: 'Sign message' },
        { action: 'show', title: 'Confirm transaction' },
        { action: 'show', title: 'Start a session' },
      ]),
    )

    if (WRITE) {
      const own = await context.newPage()
      await own.setViewportSize({ width: 775, height: 385 })
      await own.goto(`${sim.url}/interstitialLogin?theme=${theme}`)
      await own.getByRole('button', { name: 'Log in' }).click()
      await own.getByLabel('E-mail address').fill(email)
      await own.getByRole('button', { name: 'Send code' }).click()
      // The field shows once the server answered: the code is in the inbox by then.
      await own.getByLabel('Code').waitFor()
      await own.getByLabel('Code').fill(sim.inbox.latest(email)?.code ?? '')
      await own.getByRole('button', { name: 'Log in' }).click()
      await own.getByText(email).waitFor()
      await own.screenshot({ path: `${DOCS}home-${theme}.png` })
    }
  })
}
