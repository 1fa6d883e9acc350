// Issue 23: the wallet shows exactly what it signs. A red team's attacks, tried in Chromium against a real
// wallet-sim from a listed page that frames the wallet (as a dapp does), each beside its honest counterpart:
// calldata that reads as one amount or recipient on screen and signs as another; an outside execution asked
// for as a "message"; session fee caps shown but not recorded; a projectID written in the wallet's voice.
import {
  buildOutsideExecution,
  outsideExecutionTypedData,
  SESSION_DOMAIN_NAME,
  selectorFromName,
  toHex,
} from '@webwallet/protocol/session'
import { createRpc } from '@webwallet/shim'
import { CONTRACTS, type RunningSim, startSim } from '@webwallet/wallet-sim'
import type { Frame, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { launchBrowser } from '../../support/browser'
import { logIn } from '../sdk/login'
import { buildWalletUi } from '../wallet/walletServer'
import { postJson } from './attacker'
import { framePage, loginAndConnect, type ServedPage, walletFrame } from './pages'

const STRK = CONTRACTS.strk
const ATTACKER = '0x00a77ac4e4000000000000000000000000000000000000000000000000000bad'
const HUNDRED_STRK = (100n * 10n ** 18n).toString()

let sim: RunningSim
let host: ServedPage
let browser: Awaited<ReturnType<typeof launchBrowser>>
let page: Page
let wallet: Frame
let chainId: string
let requests = 0

beforeAll(async () => {
  buildWalletUi()
  sim = await startSim({})
  host = await framePage('localhost', `${sim.url}/iframes/comms`)
  browser = await launchBrowser()
  page = await (await browser.newContext({ viewport: { width: 800, height: 900 } })).newPage()
  await page.goto(host.origin)
  await page.evaluate(() => window.loaded)
  wallet = await walletFrame(page)
  const connected = await loginAndConnect(page, wallet, sim.walletSim.inbox, 'victim@example.com')
  chainId = (connected?.result?.data as { chainId: string } | undefined)?.chainId ?? ''
}, 180_000)
// A screen an attack left open (the attack worked) is rejected, so the next test gets its own.
afterEach(async () => {
  const reject = wallet.getByRole('button', { name: 'Reject' })
  if (await reject.isVisible()) await reject.click()
})
afterAll(async () => {
  await browser?.close()
  await host?.[Symbol.asyncDispose]()
  await sim?.close()
})

async function strkBalance(address: string): Promise<bigint> {
  const [low = '0x0'] = await createRpc({ nodeUrl: sim.rpcUrl }).request<string[]>('starknet_call', {
    request: {
      contract_address: STRK,
      entry_point_selector: toHex(selectorFromName('balanceOf')),
      calldata: [address],
    },
    block_id: 'pre_confirmed',
  })
  return BigInt(low)
}

/**
 * Sends a request from the dapp page; resolves once the wallet answered or a screen with `heading` shows:
 * `answer` is undefined while the screen waits for the user.
 */
async function send(path: string, input: unknown, heading: string) {
  requests += 1
  const id = `w${requests}`
  await page.evaluate(([key, procedure, value]) => window.send(key, procedure, value), [
    id,
    path,
    input,
  ] as const)
  const screen = wallet.getByRole('heading', { name: heading })
  await Promise.race([
    page.waitForFunction((key) => window.answers[key] !== undefined, id, { polling: 100 }),
    screen.waitFor(),
  ])
  const answered = () => page.evaluate((key) => window.answers[key], id)
  return {
    answer: await answered(),
    screen,
    /** Clicks `button` on the screen and returns the wallet's answer. */
    async click(button: string) {
      await wallet.getByRole('button', { name: button }).click()
      await page.waitForFunction((key) => window.answers[key] !== undefined, id, { polling: 100 })
      return (await answered()) ?? {}
    },
  }
}

const transfer = (calldata: unknown[]) => [{ contract_address: STRK, entry_point: 'transfer', calldata }]

describe('the review shows the amount and recipient signed', () => {
  test('attack: a transfer whose amount reads "1 wei" but signs as another felt is refused before any screen', async () => {
    const before = await strkBalance(ATTACKER)
    // '1 ', '-1', '1e3' are felts to starknet.js' calldata conversion: short strings, not 1.
    for (const amount of ['1 ', '-1', '1e3']) {
      const { answer } = await send(
        'addInvokeTransaction',
        transfer([ATTACKER, amount, '0']),
        'Confirm transaction',
      )
      expect(answer?.error?.data, amount).toMatchObject({ webwalletErrorCode: 'VALIDATION' })
      expect(answer?.error?.message).toMatch(/^Call 0, calldata\[1\]: .* is refused, /)
    }
    // Calldata by name, the amount a u256 object (compiled as starknet.js compiles it): the same rule inside.
    const nested = [
      {
        contract_address: STRK,
        entry_point: 'transfer',
        calldata: { recipient: ATTACKER, amount: { low: '1 ', high: '0' } },
      },
    ]
    const { answer: byName } = await send('addInvokeTransaction', nested, 'Confirm transaction')
    expect(byName?.error?.data).toMatchObject({ webwalletErrorCode: 'VALIDATION' })
    expect(byName?.error?.message).toMatch(/^Call 0, calldata\.amount\.low: "1 " is refused, /)
    // An approve of "1 wei" likewise.
    const approve = [{ contract_address: STRK, entry_point: 'approve', calldata: [ATTACKER, '1 ', '0'] }]
    const { answer } = await send('addInvokeTransaction', approve, 'Confirm transaction')
    expect(answer?.error?.data).toMatchObject({ webwalletErrorCode: 'VALIDATION' })
    expect(await strkBalance(ATTACKER)).toBe(before)
  })

  test('attack: a recipient that reads like an address but is a short string is refused before any screen', async () => {
    // 0x00a7…0bad on screen, the felt of 30 ASCII bytes once signed.
    const lookalike = '0xa77ac4e40000000000000g000bad'
    const { answer } = await send(
      'addInvokeTransaction',
      transfer([lookalike, '1', '0']),
      'Confirm transaction',
    )
    expect(answer?.error?.data).toMatchObject({ webwalletErrorCode: 'VALIDATION' })
    expect(answer?.error?.message).toContain(
      `Call 0, calldata[0]: "${lookalike}" is refused, text that reads as a number`,
    )
  })

  test('attack: the same calls sent to /wallet/api/execute without any screen are refused the same way', async () => {
    const token = await logIn(sim, 'victim@example.com')
    const calls = [{ contractAddress: STRK, entrypoint: 'transfer', calldata: [ATTACKER, '1 ', '0'] }]
    const answer = await postJson(
      `${sim.url}/wallet/api/execute`,
      { origin: host.origin, calls },
      { authorization: `Bearer ${token}` },
    )
    expect(answer.status).toBe(422)
    expect(answer.json()).toMatchObject({ code: 'VALIDATION' })
  })

  test('honest: a transfer of 1 wei is shown as 1 wei to the recipient, and moves exactly that', async () => {
    const before = await strkBalance(ATTACKER)
    const review = await send('addInvokeTransaction', transfer([ATTACKER, '1', '0']), 'Confirm transaction')
    expect(review.answer).toBeUndefined()
    expect(await wallet.locator('.summary').first().textContent()).toBe(
      'Transfer 0.000000000000000001 STRK to 0x00a7…0bad',
    )
    await wallet.locator('button[data-blocked="false"]').waitFor()
    const answer = await review.click('Confirm')
    expect(answer.result?.data).toMatch(/^0x[0-9a-f]+$/)
    await expect.poll(() => strkBalance(ATTACKER), { interval: 100 }).toBe(before + 1n)
  })
})

describe('an outside execution is shown as the transaction it is', () => {
  const stealing = () =>
    outsideExecutionTypedData(
      buildOutsideExecution({
        calls: [{ contractAddress: STRK, entrypoint: 'transfer', calldata: [ATTACKER, HUNDRED_STRK, '0'] }],
        nonce: 23,
        nowMs: Date.now(),
      }),
      chainId,
    )

  test('attack: SNIP-9 v2 typed data asked as a message shows the 100 STRK transfer, who may submit it, and a warning', async () => {
    const asked = await send('signTypedData', [stealing()], 'Sign a transaction')
    expect(asked.answer).toBeUndefined()
    expect(await wallet.getByLabel('What it does').textContent()).toBe('Transfer 100 STRK to 0x00a7…0bad')
    expect(await wallet.getByLabel('Outside execution').textContent()).toContain(
      'the signature lets anyone run the calls below from your account',
    )
    expect(await wallet.getByText('Who may submit it').isVisible()).toBe(true)
    const answer = await asked.click('Reject')
    expect(answer.error?.data).toMatchObject({ webwalletErrorCode: 'USER_REJECTED' })
  })

  test('attack: SNIP-9 v1 typed data (legacy revision) is recognised too', async () => {
    const v1 = {
      types: {
        StarkNetDomain: [
          { name: 'name', type: 'felt' },
          { name: 'version', type: 'felt' },
          { name: 'chainId', type: 'felt' },
        ],
        OutsideExecution: [
          { name: 'caller', type: 'felt' },
          { name: 'nonce', type: 'felt' },
          { name: 'execute_after', type: 'felt' },
          { name: 'execute_before', type: 'felt' },
          { name: 'calls_len', type: 'felt' },
          { name: 'calls', type: 'OutsideCall*' },
        ],
        OutsideCall: [
          { name: 'to', type: 'felt' },
          { name: 'selector', type: 'felt' },
          { name: 'calldata_len', type: 'felt' },
          { name: 'calldata', type: 'felt*' },
        ],
      },
      primaryType: 'OutsideExecution',
      // The domain name as the felt SNIP-12 hashes it to, not as text: the same signature.
      domain: { name: '0x4163636f756e742e657865637574655f66726f6d5f6f757473696465', version: '1', chainId },
      message: {
        caller: '0x414e595f43414c4c4552',
        nonce: '0x1',
        execute_after: '0x0',
        execute_before: '0x7fffffff',
        calls_len: '0x1',
        calls: [
          {
            to: STRK,
            selector: toHex(selectorFromName('transfer')),
            calldata_len: '0x3',
            calldata: [ATTACKER, HUNDRED_STRK, '0'],
          },
        ],
      },
    }
    const asked = await send('signTypedData', [v1], 'Sign a transaction')
    expect(await wallet.getByLabel('What it does').textContent()).toBe('Transfer 100 STRK to 0x00a7…0bad')
    expect((await asked.click('Reject')).error?.data).toMatchObject({ webwalletErrorCode: 'USER_REJECTED' })
  })

  test('attack: the domain name spelled as its felt in decimal with spaces, version and revision as numbers, is still a transaction', async () => {
    const respelled = stealing()
    const name = BigInt('0x4163636f756e742e657865637574655f66726f6d5f6f757473696465')
    const typedData = {
      ...respelled,
      domain: { ...respelled.domain, name: ` ${name} `, version: 2, revision: 1 },
    }
    const asked = await send('signTypedData', [typedData], 'Sign a transaction')
    expect(await wallet.getByLabel('What it does').textContent()).toBe('Transfer 100 STRK to 0x00a7…0bad')
    expect((await asked.click('Reject')).error?.data).toMatchObject({ webwalletErrorCode: 'USER_REJECTED' })
  })

  test('attack: an outside execution whose calldata does not encode one way is refused before any screen', async () => {
    const tricked = stealing()
    tricked.message.Calls[0]!.Calldata[1] = '-1'
    const { answer } = await send('signTypedData', [tricked], 'Sign a transaction')
    expect(answer?.error?.data).toMatchObject({ webwalletErrorCode: 'VALIDATION' })
  })

  test('attack: the outside-execution domain with another primary type is refused, never shown as a message', async () => {
    const typedData = { ...stealing(), primaryType: 'Call' }
    const { answer } = await send('signTypedData', [typedData], 'Sign message')
    expect(answer?.error?.data).toMatchObject({ webwalletErrorCode: 'VALIDATION' })
  })

  test('attack: a message whose short string reads as 10^21 is not called harmless; one that redefines shortstring is refused', async () => {
    const typedData = (types: Record<string, unknown>, note: unknown) => ({
      types: {
        StarknetDomain: [
          { name: 'name', type: 'shortstring' },
          { name: 'chainId', type: 'shortstring' },
          { name: 'revision', type: 'shortstring' },
        ],
        Mail: [{ name: 'note', type: 'shortstring' }],
        ...types,
      },
      primaryType: 'Mail',
      domain: { name: 'Demo', chainId, revision: '1' },
      message: { note },
    })
    const asked = await send('signTypedData', [typedData({}, '1000000000000000000000')], 'Sign message')
    expect(await wallet.getByLabel('What the signature can do').textContent()).toContain(
      'The wallet cannot tell what this signature allows (note is a number)',
    )
    expect(await wallet.getByLabel('Message').textContent()).toBe('note0x3635c9adc5dea00000')
    await asked.click('Reject')
    const shadow = typedData({ shortstring: [{ name: 'to', type: 'felt' }] }, { to: ATTACKER })
    const { answer } = await send('signTypedData', [shadow], 'Sign message')
    expect(answer?.error?.data).toMatchObject({ webwalletErrorCode: 'VALIDATION' })
  })

  test('honest: a plain message keeps the plain screen and still signs', async () => {
    const mail = {
      types: {
        StarknetDomain: [
          { name: 'name', type: 'shortstring' },
          { name: 'version', type: 'shortstring' },
          { name: 'chainId', type: 'shortstring' },
          { name: 'revision', type: 'shortstring' },
        ],
        Mail: [{ name: 'contents', type: 'shortstring' }],
      },
      primaryType: 'Mail',
      domain: { name: 'Demo', version: '1', chainId, revision: '1' },
      message: { contents: 'hello' },
    }
    const asked = await send('signTypedData', [mail], 'Sign message')
    expect(await wallet.getByLabel('Outside execution').count()).toBe(0)
    const answer = await asked.click('Sign')
    expect(answer.result?.data).toHaveLength(9)
  })
})

describe('session fee caps are the ones recorded, and the app speaks in its own name', () => {
  const session = (metadata: unknown) => ({
    sessionTypedData: {
      types: {
        StarknetDomain: [
          { name: 'name', type: 'shortstring' },
          { name: 'version', type: 'shortstring' },
          { name: 'chainId', type: 'shortstring' },
          { name: 'revision', type: 'shortstring' },
        ],
        'Allowed Method': [
          { name: 'Contract Address', type: 'ContractAddress' },
          { name: 'selector', type: 'selector' },
        ],
        Session: [
          { name: 'Expires At', type: 'timestamp' },
          { name: 'Allowed Methods', type: 'merkletree', contains: 'Allowed Method' },
          { name: 'Metadata', type: 'string' },
          { name: 'Session Key', type: 'felt' },
        ],
      },
      primaryType: 'Session',
      domain: { name: SESSION_DOMAIN_NAME, version: '0x31', chainId, revision: '1' },
      message: {
        'Expires At': String(Math.floor(Date.now() / 1000) + 3600),
        'Allowed Methods': [{ 'Contract Address': STRK, selector: 'transfer' }],
        Metadata: JSON.stringify(metadata),
        'Session Key': '0x5e55',
      },
    },
    approvalRequests: [],
  })

  test('attack: caps the server cannot record exactly (a JSON number, a token that pays no gas) are refused before the consent screen', async () => {
    for (const txFees of [
      [{ tokenAddress: STRK, maxAmount: 10e18 }],
      [
        {
          tokenAddress: '0x0000000000000000000000000000000000000000000000000000000000c0ffee',
          maxAmount: '1',
        },
      ],
    ]) {
      const { answer } = await send(
        'connectAndSignSession',
        session({ projectID: 'x', txFees }),
        'Start a session',
      )
      expect(answer?.error?.data).toMatchObject({ webwalletErrorCode: 'GENERIC_ERROR' })
      expect(answer?.error?.message).toMatch(/^Session metadata: txFees 0: /)
    }
  })

  test("attack: a projectID written in the wallet's voice is shown as the app's quoted claim", async () => {
    const claim = 'wallet-sim: verified, cannot move your tokens'
    const asked = await send('connectAndSignSession', session({ projectID: claim }), 'Start a session')
    expect(await wallet.getByLabel("The app's name for itself").textContent()).toBe(
      `${host.origin} calls itself “${claim}”`,
    )
    expect(await wallet.getByText(claim, { exact: true }).count()).toBe(0)
    expect((await asked.click('Reject')).error?.data).toMatchObject({ webwalletErrorCode: 'USER_REJECTED' })
  })

  test('honest: exact caps in STRK are shown, paid as gas or to the paymaster only, and the session signs', async () => {
    const asked = await send(
      'connectAndSignSession',
      session({ projectID: 'demo', txFees: [{ tokenAddress: STRK, maxAmount: '10000000000000000000' }] }),
      'Start a session',
    )
    // The cap exactly as recorded, with its USD value where the price service answers (issue 36 item 11).
    expect(await wallet.getByLabel('Fee limits').textContent()).toMatch(/^up to 10 STRK( \(≈ \$[0-9.,]+\))?$/)
    expect(await wallet.getByLabel('Gas payment').textContent()).toBe(
      'Paid by the account as its own gas or to the paymaster, never to anyone else.',
    )
    const answer = await asked.click('Sign session')
    expect(answer).toMatchObject({ result: { data: { signature: expect.any(Array) } } })
  })

  // Last: it moves the chain's clock (and puts it back).
  test("attack: a request the chain's clock says is over is not shown as valid for the device's clock", async () => {
    const devTime = async (body?: unknown) =>
      (
        (await (
          await fetch(`${sim.url}/dev/time`, {
            method: body === undefined ? 'GET' : 'POST',
            headers: { 'content-type': 'application/json' },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          })
        ).json()) as { time: number }
      ).time
    const start = await devTime()
    await devTime({ increase: 2 * 86_400 })
    try {
      // Expires in an hour of this machine's clock: two days past by the chain's.
      const asked = await send('connectAndSignSession', session({ projectID: 'demo' }), 'Start a session')
      const summary = wallet.getByLabel('Session summary', { exact: true })
      await expect
        .poll(() => summary.textContent())
        .toMatch(/^Until .+ \(already past by the chain's clock\), without asking you again/)
      expect(await wallet.getByLabel('Already expired', { exact: true }).textContent()).toContain(
        'Reject it, and start again from the app.',
      )
      expect((await asked.click('Reject')).error?.data).toMatchObject({ webwalletErrorCode: 'USER_REJECTED' })

      // An outside execution built for this machine's next 20 minutes: closed by the chain's clock.
      const closed = outsideExecutionTypedData(
        buildOutsideExecution({
          calls: [{ contractAddress: STRK, entrypoint: 'transfer', calldata: [ATTACKER, '1', '0'] }],
          nonce: 24,
          nowMs: Date.now(),
        }),
        chainId,
      )
      const outside = await send('signTypedData', [closed], 'Sign a transaction')
      await expect
        .poll(() => wallet.getByLabel('Validity window', { exact: true }).textContent())
        .toMatch(
          /^By the chain's clock this request expired (yesterday|\d+ \w+ ago): the account would refuse it\./,
        )
      expect((await outside.click('Reject')).error?.data).toMatchObject({
        webwalletErrorCode: 'USER_REJECTED',
      })
    } finally {
      await devTime({ set: start })
    }
  })
})
