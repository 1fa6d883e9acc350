// The clickjacking guard against the real connectors' modals. npm starknetkit's WebWalletConnector, unchanged,
// in its iframe mode (its own modal CSS: a fixed frame centred by translate(-50%, -50%), 40 px rounded
// corners, and a blurred backdrop layer, `backdrop-filter: blur(4px)`), used by a user who clicks the
// wallet's buttons in Chromium: every approve button arms after the delay and works. Then the same listed
// page turned hostile (it owns the frame's styling) fades, filters or covers the frame over a decoy: the
// victim's click reaches the wallet's Confirm, which stays off, until the frame is shown for real again.
// The same for the SDK's own modal (shim/src/dialog/iframe.ts, in the built demo) and its session prompt.
import { buildSession, sessionHash, sessionTypedData } from '@webwallet/protocol/session'
import type { Frame, Page } from 'playwright-core'
import { RpcProvider } from 'starknet'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { APPROVE_DELAY_MS } from '../../../wallet-sim/ui/src/components/useApproveGuard'
import { launchBrowser } from '../../support/browser'
import { newEmail } from '../../support/demo'
import { startStack } from '../../support/stack'
import { openDemoPage, walletFrame } from '../ux/harness'
import { bundleDapp, serveDapp } from '../wallet/dapp'
import { buildWalletUi, startWalletSim } from '../wallet/walletServer'
import { settle } from './pages'

const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const SEPOLIA = BigInt('0x534e5f5345504f4c4941')
// A felt (below the field prime): a transfer the wallet would send, were it confirmed.
const ATTACKER = '0x00a77ac4e4000000000000000000000000000000000000000000000000000bad'
const HUNDRED_STRK = [
  { contractAddress: STRK, entrypoint: 'transfer', calldata: [ATTACKER, '100000000000000000000', '0'] },
]
const VALID = '0x56414c4944' // 'VALID', is_valid_signature's yes

/** The page's starknetkit calls (./wallet/dapp.ts) and the outcome of the last one started here. */
type Outcome =
  | { state: 'pending' }
  | { state: 'resolved'; value: unknown }
  | { state: 'rejected'; error: string }
type KitWindow = {
  dapp?: Record<string, (input?: unknown) => Promise<unknown>>
  kitOutcome?: Outcome
}

let script: string
// One Chromium for the file: each page opens in a fresh context of its own.
let browser: Awaited<ReturnType<typeof launchBrowser>>
beforeAll(async () => {
  browser = await launchBrowser()
  buildWalletUi()
  script = await bundleDapp()
}, 120_000)
afterAll(() => browser?.close())

/** The starknetkit page on localhost (a listed origin), its iframe mode on: Argent's allow-list names it. */
async function openKitPage(walletUrl: string) {
  const dapp = await serveDapp(script)
  // Tall enough for the review screen (775 px), centred by starknetkit in the viewport.
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } })
  // starknetkit fetches Argent's list of dapps allowed the iframe; offline, one that names this page's host.
  await context.route(
    (url) => url.hostname !== 'localhost' && url.hostname !== '127.0.0.1',
    (route) => route.fulfill({ json: { allowedDapps: ['localhost'] } }),
  )
  const page = await context.newPage()
  await page.goto(
    `${dapp.origin}/?wallet=${encodeURIComponent(walletUrl)}&rpc=${encodeURIComponent(`${walletUrl}/rpc/v0_9`)}`,
  )
  await page.waitForFunction(() => (window as KitWindow).dapp !== undefined)
  return {
    page,
    [Symbol.asyncDispose]: async () => {
      await context.close()
      await dapp[Symbol.asyncDispose]()
    },
  }
}

/** Starts `call` in the page without waiting for it; `kitOutcome` follows it. */
async function start(page: Page, call: 'connect' | 'execute' | 'connectAndSignSession', input?: unknown) {
  await page.evaluate(
    ([name, value]) => {
      const kit = window as KitWindow
      kit.kitOutcome = { state: 'pending' }
      kit.dapp?.[name]?.(value).then(
        (result) => {
          kit.kitOutcome = { state: 'resolved', value: result }
        },
        (error: Error) => {
          kit.kitOutcome = { state: 'rejected', error: error.message }
        },
      )
    },
    [call, input] as const,
  )
}

async function outcome(page: Page) {
  await page.waitForFunction(() => (window as KitWindow).kitOutcome?.state !== 'pending', undefined, {
    polling: 100,
  })
  return page.evaluate(() => (window as KitWindow).kitOutcome as Outcome)
}

/** The value of a resolved outcome (undefined otherwise). */
function resolvedValue(outcome: Outcome): unknown {
  return outcome.state === 'resolved' ? outcome.value : undefined
}

/** starknetkit's wallet frame, once it loaded the wallet. */
async function kitFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('#argent-webwallet-iframe', { state: 'attached' })
  const frame = await handle.contentFrame()
  if (!frame) throw new Error('no starknetkit wallet frame')
  await frame.waitForSelector('#root')
  return frame
}

/**
 * Records, inside the wallet frame, when each approve button appears and when it arms: the frame's document
 * stays for every request of the iframe transport, so one recorder sees every prompt.
 */
async function recordArming(frame: Frame) {
  await frame.evaluate(() => {
    const prompts: { label: string; shown: number; armed?: number }[] = []
    const seen = new Map<Element, (typeof prompts)[number]>()
    Object.assign(window, { prompts })
    new MutationObserver(() => {
      for (const button of document.querySelectorAll('button[data-armed]')) {
        let prompt = seen.get(button)
        if (!prompt) {
          prompt = { label: button.textContent ?? '', shown: performance.now() }
          seen.set(button, prompt)
          prompts.push(prompt)
        }
        if (button.getAttribute('data-armed') === 'true' && prompt.armed === undefined)
          prompt.armed = performance.now()
      }
    }).observe(document, { subtree: true, childList: true, attributes: true })
  })
}

/**
 * Clicks the page at the middle of `button` (the victim's click on the decoy) and returns the text of what
 * the wallet frame got the press on: the attack is real only if the click reaches the wallet's button.
 */
async function victimClick(page: Page, frame: Frame, button: ReturnType<Frame['getByRole']>) {
  await frame.evaluate(() => {
    const state = window as unknown as { pressed?: string | null; pressListener?: boolean }
    state.pressed = null
    if (state.pressListener) return
    state.pressListener = true
    window.addEventListener(
      'pointerdown',
      (event) => {
        state.pressed = (event.target as Element).textContent
      },
      true,
    )
  })
  const box = await button.boundingBox()
  if (!box) throw new Error('no button box')
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
  await settle(frame)
  return frame.evaluate(() => (window as unknown as { pressed?: string | null }).pressed)
}

/** Clicks an approve button as a user does: once it is usable (armed by the guard), a real click. */
async function approve(frame: Frame, name: string) {
  await frame.locator(`button[data-armed="true"]`, { hasText: name }).waitFor()
  await frame.getByRole('button', { name, exact: true }).click()
}

/**
 * Connects from the page: starknetkit creates its modal then; the user logs in by e-mail inside it (the code
 * from the dev inbox) and connects. `beforeLogin` runs on the wallet frame first.
 */
async function logInAndConnect(
  page: Page,
  inbox: { latest(e: string): { code?: string } | undefined },
  email: string,
  beforeLogin: (frame: Frame) => Promise<void> = async () => {},
) {
  await start(page, 'connect')
  const frame = await kitFrame(page)
  await beforeLogin(frame)
  await page.locator('#argent-webwallet-iframe').waitFor({ state: 'visible' })
  await frame.getByLabel('E-mail address').fill(email)
  await frame.getByRole('button', { name: 'Send code' }).click()
  // The screen may ask for the code before the dev inbox holds the mail.
  await expect.poll(() => inbox.latest(email)?.code).toMatch(/^\d{6}$/)
  await frame.getByLabel('Code').fill(inbox.latest(email)?.code ?? '')
  await frame.getByRole('button', { name: 'Log in' }).click()
  await frame.getByRole('heading', { name: 'Connect' }).waitFor()
  await approve(frame, 'Connect')
  return { frame, connected: await outcome(page) }
}

test("starknetkit's own iframe modal (blurred backdrop and all): log in, connect, sign a session, confirm a transaction with real clicks", async () => {
  await using sim = await startWalletSim()
  await using kit = await openKitPage(sim.url)
  const { page } = kit
  const email = 'kit-iframe@example.com'
  const { frame, connected } = await logInAndConnect(page, sim.inbox, email, recordArming)
  // This Chromium tracks visibility (IntersectionObserver v2): the guard arms only on a really visible frame.
  expect(await frame.evaluate(() => 'isVisible' in IntersectionObserverEntry.prototype)).toBe(true)
  const address = sim.login.user(email)?.account.address ?? ''
  expect(connected).toEqual({
    state: 'resolved',
    value: { account: address, chainId: '0x534e5f5345504f4c4941' },
  })
  await start(page, 'execute', [
    { contractAddress: STRK, entrypoint: 'transfer', calldata: ['0x5bd1e5', '5', '0'] },
  ])
  await frame.getByRole('heading', { name: 'Confirm transaction' }).waitFor()
  await frame.locator('button[data-blocked="false"]').waitFor()
  // starknetkit's real modal is on: its backdrop layer blurs the page behind the frame.
  const backdrop = await page.evaluate(() => {
    const layer = document.getElementById('argent-webwallet-backdrop')
    const frameStyle = getComputedStyle(document.getElementById('argent-webwallet-iframe') as HTMLElement)
    return (
      layer && {
        filter: getComputedStyle(layer).backdropFilter,
        z: Number(getComputedStyle(layer).zIndex),
        frameZ: Number(frameStyle.zIndex),
        transform: frameStyle.transform,
      }
    )
  })
  expect(backdrop).toMatchObject({ filter: 'blur(4px)', z: 999998, frameZ: 999999 })
  expect(backdrop?.transform).toMatch(/^matrix\(1, 0, 0, 1, -/) // translate(-50%, -50%)

  await approve(frame, 'Confirm')
  const sent = await outcome(page)
  expect(sent.state).toBe('resolved')
  const provider = new RpcProvider({ nodeUrl: `${sim.url}/rpc` })
  const receipt = await provider.getTransactionReceipt(String(resolvedValue(sent)))
  expect(receipt.isSuccess()).toBe(true)

  const session = buildSession({
    expiresAt: Math.floor(Date.now() / 1000) + 3600,
    allowedMethods: [{ 'Contract Address': STRK, selector: 'transfer' }],
    metadata: { projectID: 'kit', txFees: [{ tokenAddress: STRK, maxAmount: '10000000000000000000' }] },
    sessionPublicKey: '0x5e55',
  })
  await start(page, 'connectAndSignSession', {
    approvalRequests: [],
    sessionTypedData: sessionTypedData(session, SEPOLIA),
  })
  await frame.getByRole('heading', { name: 'Start a session' }).waitFor()
  // starknetkit's modal keeps its height: the consent's details scroll, and Sign stays off until the user
  // scrolled them to the end (the wheel, over the details, as a user would).
  const details = frame.locator('.screen-body')
  await details.hover()
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 400)
      return details.evaluate((el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 4)
    })
    .toBe(true)
  await approve(frame, 'Sign session')
  const signed = await outcome(page)
  const result = (resolvedValue(signed) ?? {}) as { result?: { signature?: string[] } }
  const signature = result.result?.signature ?? []
  const valid = await provider.callContract({
    contractAddress: address,
    entrypoint: 'is_valid_signature',
    calldata: [
      `0x${sessionHash(session, address, SEPOLIA).toString(16)}`,
      String(signature.length),
      ...signature,
    ],
  })
  expect(valid[0]).toBe(VALID)

  // Each approve button was off when it appeared and armed only after the full delay on screen.
  const prompts = await frame.evaluate(
    () => (window as unknown as { prompts: { label: string; shown: number; armed?: number }[] }).prompts,
  )
  expect(prompts.map((prompt) => prompt.label)).toEqual(['Connect', 'Confirm', 'Sign session'])
  for (const prompt of prompts)
    expect((prompt.armed ?? 0) - prompt.shown).toBeGreaterThanOrEqual(APPROVE_DELAY_MS)
})

// What the hostile page does to starknetkit's frame: each keeps the frame where it is, under the victim's click.
const ATTACKS: Record<string, { apply: string; undo: string }> = {
  'faded (opacity 0.0001)': { apply: "frame.style.opacity = '0.0001'", undo: "frame.style.opacity = ''" },
  'filtered (filter: opacity(0.01))': {
    apply: "frame.style.filter = 'opacity(0.01)'",
    undo: "frame.style.filter = ''",
  },
  'covered by a decoy that lets clicks through': {
    apply:
      "const decoy = document.createElement('div'); decoy.id = 'decoy'; decoy.textContent = 'Claim your prize';" +
      "decoy.style.cssText = 'position:fixed;inset:0;z-index:1000000;pointer-events:none;background:#fc0;font-size:40px'; document.body.append(decoy)",
    undo: "document.getElementById('decoy').remove()",
  },
  // Its blur over the prompt (unreadable), letting clicks through to the frame.
  'under its own blur layer moved above it': {
    apply:
      "const blur = document.getElementById('argent-webwallet-backdrop').style; blur.zIndex = '1000000'; blur.pointerEvents = 'none'",
    undo: "const blur = document.getElementById('argent-webwallet-backdrop').style; blur.zIndex = '999998'; blur.pointerEvents = ''",
  },
}

test('the same listed page turned hostile: a faded, filtered or covered starknetkit frame does not confirm a click on its decoy', async () => {
  await using sim = await startWalletSim()
  await using kit = await openKitPage(sim.url)
  const { page } = kit
  const { frame, connected } = await logInAndConnect(page, sim.inbox, 'kit-victim@example.com')
  expect(connected.state).toBe('resolved')

  for (const [name, attack] of Object.entries(ATTACKS)) {
    const style = (code: string) =>
      page.evaluate((body) => {
        const frame = document.getElementById('argent-webwallet-iframe') as HTMLIFrameElement
        new Function('frame', body)(frame)
      }, code)
    await style(attack.apply)
    await start(page, 'execute', HUNDRED_STRK)
    const confirm = frame.getByRole('button', { name: 'Confirm', exact: true })
    // The estimate says the transfer goes through: from here only the guard can keep Confirm off.
    await frame.locator('button[data-blocked="false"]').waitFor()
    await page.locator('#argent-webwallet-iframe').waitFor({ state: 'visible' })
    // Long past the delay, the victim clicks the decoy; the wallet's Confirm is right under the pointer.
    const shown = await frame.evaluate(() => performance.now())
    await frame.waitForFunction((until) => performance.now() > until, shown + 3 * APPROVE_DELAY_MS, {
      polling: 100, // not rAF: a frame the browser does not render would never re-check
    })
    expect(await victimClick(page, frame, confirm), name).toBe('Confirm')
    // Read at once (no auto-wait): a confirmed prompt would already be gone.
    const after = await frame.evaluate(() => {
      const button = [...document.querySelectorAll('button[data-armed]')].find(
        (b) => b.textContent === 'Confirm',
      )
      return (
        button && {
          armed: button.getAttribute('data-armed'),
          disabled: (button as HTMLButtonElement).disabled,
        }
      )
    })
    expect(after, name).toEqual({ armed: 'false', disabled: true })
    expect(await page.evaluate(() => (window as KitWindow).kitOutcome?.state), name).toBe('pending')

    // Shown for real again, the same Confirm arms: the attack was what kept it off. The user rejects.
    await style(attack.undo)
    await frame.locator('button[data-armed="true"]', { hasText: 'Confirm' }).waitFor()
    await frame.getByRole('button', { name: 'Reject', exact: true }).click()
    expect(await outcome(page), name).toMatchObject({ state: 'rejected' })
  }
})

// The SDK's own modal (shim/src/dialog/iframe.ts, in the built demo): its blur is a layer behind the panel
// that holds the frame. The same attacks on its frame keep Sign session off; undone, it arms and signs.
const SDK_ATTACKS: Record<string, { apply: string; undo: string }> = {
  'faded (opacity 0.0001)': ATTACKS['faded (opacity 0.0001)'] as { apply: string; undo: string },
  'covered by a decoy that lets clicks through': ATTACKS['covered by a decoy that lets clicks through'] as {
    apply: string
    undo: string
  },
  'under its own blur layer moved above it': {
    apply:
      "const blur = document.querySelector('#webwallet-modal > div').style; blur.zIndex = '1'; blur.pointerEvents = 'none'",
    undo: "const blur = document.querySelector('#webwallet-modal > div').style; blur.zIndex = ''; blur.pointerEvents = ''",
  },
}

test("the SDK's own modal (blurred backdrop): the session prompt arms for the user, not for a faded or covered frame", async () => {
  const stack = await startStack()
  try {
    const page = await (await browser.newContext({ viewport: { width: 1000, height: 900 } })).newPage()
    await openDemoPage(page, stack)
    await page.getByTestId('connect').click()
    const login = await walletFrame(page, 'Log in with e-mail')
    const email = newEmail('sdk-modal')
    await login.getByLabel('E-mail address').fill(email)
    await login.getByRole('button', { name: 'Send code' }).click()
    await login.getByLabel('Code').waitFor()
    const { code } = await stack.dev<{ code: string }>(`/inbox/${encodeURIComponent(email)}`)
    await login.getByLabel('Code').fill(code)
    await login.getByRole('button', { name: 'Log in' }).click()
    const consent = await walletFrame(page, 'Start a session')
    expect(
      await page.evaluate(
        () => getComputedStyle(document.querySelector('#webwallet-modal > div') as Element).backdropFilter,
      ),
    ).toBe('blur(8px)')
    const sign = consent.getByRole('button', { name: 'Sign session', exact: true })
    await consent.locator('button[data-armed="true"]').waitFor() // the honest modal arms

    for (const [name, attack] of Object.entries(SDK_ATTACKS)) {
      await page.evaluate((body) => {
        new Function('frame', body)(document.getElementById('webwallet-iframe'))
      }, attack.apply)
      await consent.locator('button[data-armed="false"]').waitFor() // seen as not visible: off at once
      const since = await consent.evaluate(() => performance.now())
      await consent.waitForFunction((until) => performance.now() > until, since + 3 * APPROVE_DELAY_MS, {
        polling: 100,
      })
      expect(await victimClick(page, consent, sign), name).toBe('Sign session')
      const after = await consent.evaluate(() => {
        const button = document.querySelector('button[data-armed]')
        return button && { armed: button.getAttribute('data-armed'), text: button.textContent }
      })
      expect(after, name).toEqual({ armed: 'false', text: 'Sign session' })
      expect(await page.getByTestId('address').count(), name).toBe(0)
      await page.evaluate((body) => {
        new Function('frame', body)(document.getElementById('webwallet-iframe'))
      }, attack.undo)
      await consent.locator('button[data-armed="true"]').waitFor()
    }
    await sign.click()
    await page.getByTestId('address').waitFor({ timeout: 30_000 })
  } finally {
    await stack.close()
  }
})
