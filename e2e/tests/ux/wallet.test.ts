// The wallet as a user meets it, at desktop and phone sizes, by keyboard only: login → session → a
// signature refused with Escape, a transfer confirmed, one the wallet says will fail (Confirm stays off);
// every screen free of serious accessibility violations (axe-core), every consent detail on screen, focus
// in the modal, each step named in the modal's title, what a signature can do and what a transaction does
// to the balances said in words; the portfolio in USD, following each transaction; Disconnect offers to
// log out of the wallet.
import { describe, expect, test } from 'vitest'
import { newEmail } from '../../support/demo'
import { useJourney } from '../../support/journey'
import { axeViolations } from './axe'
import { openDemoPage, openPage, shoot, tabTo, type ViewportName, walletFrame } from './harness'

// A new account's balances at the first read: the backend's `initialising` answer and the SDK's 5 s wait
// before it asks again are journeys/portfolio.test.ts's (and sdk/portfolio.test.ts's) to prove.
const journey = useJourney({ initialisingPolls: 0 })
const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const FRIEND = '0x05bd1e5000000000000000000000000000000000000000000000000000000abc'

describe.each<ViewportName>(['desktop', 'mobile'])('at %s size', (viewport) => {
  test('keyboard only: log in, sign the session, refuse a signature with Escape; axe finds nothing serious', async () => {
    const page = await openPage(journey.browser, viewport)
    await openDemoPage(page, journey.stack)
    expect(await axeViolations(page.mainFrame())).toEqual([])

    await page.getByTestId('connect').focus()
    await page.keyboard.press('Enter')
    const login = await walletFrame(page, 'Log in with e-mail')
    // The page's modal names the step, as the wallet's screen does.
    expect(await modalTitle(page)).toBe('Log in')
    // Focus moved into the modal, onto the e-mail field.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('webwallet-iframe')
    expect(await login.evaluate(() => document.activeElement?.id)).toBe('email')
    expect(await axeViolations(login)).toEqual([])
    if (viewport === 'desktop') await shoot(page, 'demo-login')

    const email = newEmail('ux')
    await page.keyboard.type(email)
    await page.keyboard.press('Enter')
    const codeStep = await walletFrame(page, 'Enter your code')
    expect(await codeStep.evaluate(() => document.activeElement?.id)).toBe('code')
    const { code } = await journey.stack.dev<{ code: string }>(`/inbox/${encodeURIComponent(email)}`)
    // A wrong code first: the error shows and the Log in button stays on screen.
    await page.keyboard.type(code === '000000' ? '111111' : '000000')
    await page.keyboard.press('Enter')
    const alert = codeStep.getByRole('alert')
    await alert.waitFor()
    expect(await codeStep.getByRole('button', { name: 'Log in', exact: true }).isVisible()).toBe(true)
    expect(await inViewport(page, codeStep.getByRole('button', { name: 'Log in', exact: true }))).toBe(true)
    expect(await axeViolations(codeStep)).toEqual([])

    // Still in the field: select what was typed and type the right code over it.
    expect(await codeStep.evaluate(() => document.activeElement?.id)).toBe('code')
    await page.keyboard.press('Control+A')
    await page.keyboard.type(code)
    await page.keyboard.press('Enter')

    const consent = await walletFrame(page, 'Start a session')
    await expect.poll(() => modalTitle(page)).toBe('Start a session')
    for (const section of ['Allowed calls', 'Expiry', 'Fee limits', 'Approvals']) {
      await consent.getByLabel(section, { exact: true }).waitFor()
    }
    // The length the demo asked for (1 day), by the chain's clock from the account answer the screen loads
    // (before the screenshot, so it shows the whole sentence).
    const summaryText = async () =>
      (await consent.getByLabel('Session summary', { exact: true }).textContent()) ?? ''
    await expect.poll(summaryText).toMatch(/^For 1 day, until .+, without asking you again, this app can:/)
    // The modal grew to show it all: nothing hidden below the fold where the page has room; on a phone
    // the panel stops at the viewport and the details scroll inside it, in a focusable region.
    const body = consent.locator('.screen-body')
    await expect.poll(() => fits(body), { timeout: 10_000 }).toBe(viewport === 'desktop')
    expect(await inViewport(page, page.locator('#webwallet-modal > div:last-child'))).toBe(true)
    if (viewport === 'desktop') {
      expect(await inViewport(page, consent.getByLabel('Approvals', { exact: true }))).toBe(true)
    }
    expect(await axeViolations(consent)).toEqual([])
    await shoot(page, viewport === 'desktop' ? 'demo-session' : 'demo-session-mobile')
    // The plain summary, derived from the session the wallet signs; the token approval comes before it.
    const summary = await summaryText()
    expect(summary).toMatch(/call increment on DemoCounter/)
    expect(summary).toMatch(/Network fees, in all over the session:.*up to [\d.,]+ (STRK|ETH)/)
    expect(
      await consent
        .getByLabel('Token approvals', { exact: true })
        .evaluate(
          (approvals, summaryLabel) =>
            approvals.compareDocumentPosition(
              document.querySelector(`[aria-label="${summaryLabel}"]`) as Node,
            ) & Node.DOCUMENT_POSITION_FOLLOWING,
          'Session summary',
        ),
    ).toBeGreaterThan(0)
    const armed = consent.locator('.actions').locator('[data-armed="true"]')
    await armed.waitFor()
    const sign = consent.getByRole('button', { name: 'Sign session' })
    if (viewport === 'mobile') {
      // On a phone the details scroll: Sign stays off, armed or not, until they were scrolled to the end.
      expect(await sign.isDisabled()).toBe(true)
      expect(await sign.getAttribute('data-seen')).toBe('false')
      await consent.getByLabel('Read to the end', { exact: true }).waitFor()
      await body.evaluate((element) => element.scrollTo(0, element.scrollHeight))
    }
    await expect.poll(() => sign.isDisabled()).toBe(false)
    await tabTo(page, consent, 'Sign session')
    await page.keyboard.press('Enter')
    await page.getByTestId('address').waitFor({ timeout: 30_000 })
    // Focus came back to the page once the modal hid.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id ?? ''))
      .not.toBe('webwallet-iframe')
    expect(await axeViolations(page.mainFrame())).toEqual([])

    await page.getByTestId('sign-message').focus()
    await page.keyboard.press('Enter')
    const signing = await walletFrame(page, 'Sign message')
    await expect.poll(() => modalTitle(page)).toBe('Sign message')
    // What the signature can do, in words: the demo's greeting is text only.
    expect(await signing.getByRole('note', { name: 'What the signature can do' }).textContent()).toBe(
      `This signature can log you in to ${new URL(journey.stack.demoUrl).origin}; it cannot move tokens: it holds only text and yes/no, no address, amount or call.`,
    )
    expect(await signing.getByRole('note', { name: 'Message' }).textContent()).toBe('texthello from the demo')
    expect(await axeViolations(signing)).toEqual([])
    if (viewport === 'desktop') {
      await signing.locator('[data-armed="true"]').waitFor()
      await shoot(page, 'demo-sign-message')
    }

    await page.keyboard.press('Escape')
    await page.getByTestId('error-message').waitFor()
    expect(await page.getByTestId('error-message').textContent()).toBe('User rejected request')
    expect(await page.getByTestId('error').textContent()).not.toContain('requestUSER_REJECTED')
    expect(await page.locator('#webwallet-modal').isVisible()).toBe(false)

    // The close button refuses as well, and the wallet is ready for the next request.
    await page.getByTestId('sign-message').click()
    await walletFrame(page, 'Sign message')
    await page.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => page.getByTestId('error-code').textContent()).toBe('USER_REJECTED')
    // The wallet dropped the prompt the app gave up: the next request shows at once, and is answered.
    await page.getByTestId('sign-message').click()
    const again = await walletFrame(page, 'Sign message')
    await again.locator('[data-armed="true"]').waitFor()
    await again.getByRole('button', { name: 'Sign', exact: true }).click()
    await page.getByTestId('signature').waitFor()

    // A session call: listed with its status, gas route and fee, in STRK, never in base units.
    await page.getByTestId('increment').click()
    const tx = page.getByTestId('activity').locator('li').first()
    await tx.locator('.badge.succeeded').waitFor({ timeout: 60_000 })
    await expect
      .poll(() => tx.textContent())
      .toMatch(/increment.*Gas paid by the account · fee [\d.,<]+ STRK/)
    // A transaction the wallet reviews: the decoded transfer in STRK, confirmed by keyboard.
    await page.getByTestId('wallet-transaction').focus()
    await page.keyboard.press('Enter')
    const review = await walletFrame(page, 'Confirm transaction')
    await expect.poll(() => modalTitle(page)).toBe('Confirm transaction')
    expect(await review.locator('.summary').first().textContent()).toMatch(/0\.01 STRK/)
    // A transfer to the account itself: its balances change by the fee only, and the review says so.
    expect(await review.getByRole('region', { name: 'Balance changes' }).textContent()).toBe(
      'Balance changesNo token leaves or reaches your account, only the network fee below is paid.',
    )
    expect(await review.getByRole('note', { name: 'Network' }).textContent()).toBe('Starknet Sepolia')
    expect(await review.getByRole('note', { name: 'From account' }).textContent()).toMatch(
      /^ux-.+@.+ \(0x[0-9a-f]{4}…[0-9a-f]{4}\)$/,
    )
    // Confirm turns on once the estimate says the transfer goes through (and the approve delay passed).
    await review.locator('button[data-armed="true"][data-blocked="false"]').waitFor()
    expect(await axeViolations(review)).toEqual([])
    await tabTo(page, review, 'Confirm')
    await page.keyboard.press('Enter')
    await page
      .getByTestId('activity')
      .locator('li', { hasText: 'send 0.01 STRK to yourself' })
      .locator('.badge.succeeded')
      .waitFor({ timeout: 60_000 })

    // A transfer to someone else, as an app would ask (the demo only sends to yourself): posted to the
    // wallet's frame as the page's own request. The review says what leaves the account, in STRK and USD.
    await page.evaluate(
      ({ wallet, calls }) =>
        (document.getElementById('webwallet-iframe') as HTMLIFrameElement).contentWindow?.postMessage(
          {
            trpc: {
              id: 'ux-transfer',
              method: 'mutation',
              params: { path: 'addInvokeTransaction', input: calls },
            },
          },
          wallet,
        ),
      {
        wallet: journey.stack.walletUrl,
        calls: [
          { contract_address: STRK, entry_point: 'transfer', calldata: [FRIEND, '500000000000000000', '0'] },
        ],
      },
    )
    const transfer = await walletFrame(page, 'Confirm transaction')
    await transfer.getByText('Transfer 0.5 STRK to 0x05bd…0abc').waitFor()
    await expect
      .poll(() => transfer.getByRole('region', { name: 'Balance changes' }).locator('li').allTextContents())
      .toEqual(['−0.5 STRK (−$0.15)'])
    await transfer.locator('button[data-armed="true"][data-blocked="false"]').waitFor()
    expect(await axeViolations(transfer)).toEqual([])
    if (viewport === 'desktop') await shoot(page, 'demo-review')
    await transfer.getByRole('button', { name: 'Reject' }).click()
    await expect.poll(() => page.locator('#webwallet-modal').isVisible()).toBe(false)

    // More than the account holds: the wallet says the transfer will fail and why; only Reject works.
    await page.getByTestId('wallet-transaction-too-large').click()
    const failing = await walletFrame(page, 'Confirm transaction')
    const verdict = failing.getByRole('alert', { name: 'This transaction will fail' })
    await verdict.waitFor()
    expect(await verdict.textContent()).toMatch(
      /^This transaction will fail“Transfer 1,000,000 STRK to your account \(0x[0-9a-f]{4}…[0-9a-f]{4}\)” would fail: your account does not hold that much of the token\.The network says: ERC20: insufficient balance/,
    )
    await failing.locator('button[data-armed="true"]').waitFor()
    expect(await failing.getByRole('button', { name: 'Confirm' }).isDisabled()).toBe(true)
    expect(await axeViolations(failing)).toEqual([])
    if (viewport === 'desktop') await shoot(page, 'demo-review-fails')
    await failing.getByRole('button', { name: 'Reject' }).click()
    await expect.poll(() => page.getByTestId('error-code').textContent()).toBe('USER_REJECTED')
    expect(await page.getByTestId('activity').textContent()).not.toContain('1,000,000')
    await page.getByTestId('portfolio-load').click()
    await page.getByTestId('busy').waitFor({ state: 'detached', timeout: 60_000 })
    // 1,000 STRK less the fee just paid: whole tokens, at most 4 decimals.
    const balances = await page.getByTestId('balance').allTextContents()
    // Whole tokens (at most 4 decimals) and their value in USD, priced by wallet-sim's backend.
    expect(balances.find((b) => b.startsWith('STRK'))).toMatch(
      /^STRK\d{1,3}(,\d{3})*(\.\d{1,4})?\$\d{1,3}(,\d{3})*\.\d{2}$/,
    )
    // The balances follow each transaction without a reload: a session call pays its fee in STRK.
    const strk = () => page.getByTestId('balance').filter({ hasText: /^STRK/ }).textContent()
    const before = await strk()
    await page.getByTestId('increment').click()
    await page.getByTestId('busy').waitFor({ state: 'detached', timeout: 60_000 })
    await expect.poll(strk, { timeout: 15_000 }).not.toBe(before)
    // DeFi positions with their amounts (and USD where the token has a price).
    await page.getByTestId('portfolio-sample').click()
    await page.getByTestId('busy').waitFor({ state: 'detached', timeout: 60_000 })
    const amounts = await page.getByTestId('position-amount').allTextContents()
    expect(amounts.length).toBeGreaterThan(0)
    for (const amount of amounts) expect(amount).toMatch(/^(, )?-?[\d,.<]+ [\w.]+( \(-?(< )?\$[\d,.]+\))?$/)
    // No amount in base units anywhere (a long decimal number that is not part of a hex hash).
    expect(await page.locator('main').textContent()).not.toMatch(/(?<![0-9a-fx])\d{15,}(?![0-9a-f])/i)
    expect(await axeViolations(page.mainFrame())).toEqual([])
    // The last task's toast is pinned over the page: out of the full-page picture.
    await page.getByRole('button', { name: 'Dismiss' }).click()
    await shoot(page, viewport === 'desktop' ? 'demo-connected' : 'demo-connected-mobile', { fullPage: true })

    // Disconnect forgets the app's session and offers the wallet's Connected apps page (revoke, log out).
    await page.getByTestId('disconnect').click()
    const apps = page.getByTestId('toast-link')
    await apps.waitFor()
    expect(await apps.textContent()).toBe('Connected apps')
    expect(await apps.getAttribute('href')).toBe(`${journey.stack.walletUrl}/apps`)
    expect(await inViewport(page, apps)).toBe(true)
    await page.context().close()
  }, 150_000)

  test('request pages opened alone say there is nothing to do; the home page passes axe', async () => {
    const page = await openPage(journey.browser, viewport, { colorScheme: 'dark' })
    for (const [path, heading] of <[string, string][]>[
      ['/review', 'Nothing to review'],
      ['/signMessage', 'Nothing to sign'],
      ['/iframes/comms', 'This page works inside an app'],
      ['/interstitialLogin', 'Your wallet'],
      ['/apps', 'Connected apps'],
    ]) {
      await page.goto(`${journey.stack.walletUrl}${path}?theme=dark`)
      await page.getByRole('heading', { name: heading, exact: true }).waitFor()
      expect(await axeViolations(page)).toEqual([])
    }
    await page.context().close()
  })
})

/** The title of the page's wallet modal (the shim's iframe header). */
function modalTitle(page: import('playwright-core').Page): Promise<string | undefined> {
  return page.evaluate(
    () => document.getElementById('webwallet-iframe')?.previousElementSibling?.firstElementChild?.textContent,
  )
}

/** Whether a scrolling element shows all its content (no hidden overflow). */
function fits(locator: import('playwright-core').Locator): Promise<boolean> {
  return locator.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)
}

/** Whether the element's box lies inside the page's viewport (frames: in page coordinates). */
async function inViewport(
  page: import('playwright-core').Page,
  locator: import('playwright-core').Locator,
): Promise<boolean> {
  const box = await locator.boundingBox()
  const size = page.viewportSize()
  if (!box || !size) return false
  return box.y >= 0 && box.x >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width
}
