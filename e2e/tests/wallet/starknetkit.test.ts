// npm starknetkit's WebWalletConnector, unchanged, against wallet-sim's hosted wallet through the popup:
// e-mail login, connect, a transaction (which deploys the account) and typed data whose signature the
// simulated chain accepts (`is_valid_signature`).

import { buildSession, sessionHash, sessionTypedData } from '@webwallet/protocol/session'
import type { BrowserContext, Page } from 'playwright-core'
import { RpcProvider, typedData as snip12 } from 'starknet'
import { beforeAll, expect, test } from 'vitest'
import { clickClosing, launchBrowser } from '../../support/browser'
import { readConsent } from '../../support/demo'
import { mail } from '../../support/typedData'
import { bundleDapp, serveDapp } from './dapp'
import { buildWalletUi, startWalletSim } from './walletServer'

const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const MAIL = mail('hello from starknetkit')

declare global {
  interface Window {
    dapp: {
      connect(): Promise<{ account: string; chainId: string }>
      execute(calls: unknown): Promise<string>
      signTypedData(typedData: unknown): Promise<string[]>
      ready(): Promise<boolean>
      connectAndSignSession(request: unknown): Promise<{
        result?: { account?: string[]; signature?: string[]; approvalTransactionHash?: string }
        error?: { name: string; code: string; message: string }
      }>
    }
  }
}

let script: string
beforeAll(async () => {
  buildWalletUi()
  script = await bundleDapp()
}, 120_000)

/** Clicks the button that answers the wallet, which then closes its popup (it may close before the click returns). */
async function clickAndWaitForClose(popup: Page, button: ReturnType<Page['getByRole']>) {
  const closed = popup.waitForEvent('close')
  await clickClosing(button)
  await closed
}

/** Runs `action` in the dapp and hands the popup it opens to `inPopup`. */
async function withPopup<T>(
  context: BrowserContext,
  action: () => Promise<T>,
  inPopup: (popup: Page) => Promise<void>,
) {
  const popupOpened = context.waitForEvent('page')
  const result = action()
  const popup = await popupOpened
  await inPopup(popup)
  return result
}

test('starknetkit connects through the popup, sends a transaction and signs typed data the chain verifies', async () => {
  await using sim = await startWalletSim()
  await using dapp = await serveDapp(script)
  await using browser = await launchBrowser()
  const context = await browser.newContext()
  // starknetkit fetches the provider's iframe allow-list; an empty list makes it use the popup.
  await context.route(
    (url) => url.hostname !== 'localhost' && url.hostname !== '127.0.0.1',
    (route) => route.fulfill({ json: { allowedDapps: [] } }),
  )
  const page = await context.newPage()
  await page.goto(
    `${dapp.origin}/?wallet=${encodeURIComponent(sim.url)}&rpc=${encodeURIComponent(`${sim.url}/rpc/v0_9`)}`,
  )
  await page.waitForFunction(() => window.dapp !== undefined)

  const email = 'kit@example.com'
  const connected = await withPopup(
    context,
    () => page.evaluate(() => window.dapp.connect()),
    async (popup) => {
      expect(new URL(popup.url()).pathname).toBe('/interstitialLogin')
      await popup.getByLabel('E-mail address').fill(email)
      await popup.getByRole('button', { name: 'Send code' }).click()
      await popup.getByLabel('Code').waitFor()
      await popup.getByLabel('Code').fill(sim.inbox.latest(email)?.code ?? '')
      await popup.getByRole('button', { name: 'Log in' }).click()
      await popup.getByRole('heading', { name: 'Connect' }).waitFor()
      expect(await popup.getByRole('note', { name: 'Requesting origin' }).textContent()).toBe(dapp.origin)
      await clickAndWaitForClose(popup, popup.getByRole('button', { name: 'Connect' }))
    },
  )
  const user = sim.login.user(email)
  expect(connected).toEqual({ account: user?.account.address, chainId: '0x534e5f5345504f4c4941' })

  const transfer = [{ contractAddress: STRK, entrypoint: 'transfer', calldata: ['0x5bd1e5', '5', '0'] }]
  const txHash = await withPopup(
    context,
    () => page.evaluate((calls) => window.dapp.execute(calls), transfer),
    async (popup) => {
      await popup.getByRole('heading', { name: 'Confirm transaction' }).waitFor()
      expect(new URL(popup.url()).pathname).toBe('/review')
      await clickAndWaitForClose(popup, popup.getByRole('button', { name: 'Confirm' }))
    },
  )
  const provider = new RpcProvider({ nodeUrl: `${sim.url}/rpc` })
  const receipt = await provider.getTransactionReceipt(txHash)
  expect(receipt.isSuccess()).toBe(true)

  const signature = await withPopup(
    context,
    () => page.evaluate((typedData) => window.dapp.signTypedData(typedData), MAIL),
    async (popup) => {
      await popup.getByRole('heading', { name: 'Sign message' }).waitFor()
      expect(new URL(popup.url()).pathname).toBe('/signMessage')
      expect(await popup.getByRole('note', { name: 'Message' }).textContent()).toContain(
        'hello from starknetkit',
      )
      await clickAndWaitForClose(popup, popup.getByRole('button', { name: 'Sign' }))
    },
  )
  const address = user?.account.address ?? ''
  const messageHash = snip12.getMessageHash(MAIL, address)
  const valid = await provider.callContract({
    contractAddress: address,
    entrypoint: 'is_valid_signature',
    calldata: [messageHash, String(signature.length), ...signature],
  })
  expect(valid[0]).toBe('0x56414c4944')
  const forged = await provider.callContract({
    contractAddress: address,
    entrypoint: 'is_valid_signature',
    calldata: [
      snip12.getMessageHash({ ...MAIL, message: { ...MAIL.message, contents: 'other' } }, address),
      String(signature.length),
      ...signature,
    ],
  })
  expect(forged[0]).toBe('0x0')
  // ready() asks wallet_getPermissions in a popup that needs no user and closes by itself.
  const permissionsPopup = context.waitForEvent('page')
  expect(await page.evaluate(() => window.dapp.ready())).toBe(true)
  const quiet = await permissionsPopup
  await expect.poll(() => quiet.isClosed()).toBe(true)

  // connectAndSignSession: starknetkit maps our tRPC error data to its ConnectAndSignSessionError.
  const session = buildSession({
    expiresAt: Math.floor(Date.now() / 1000) + 3600,
    allowedMethods: [{ 'Contract Address': STRK, selector: 'transfer' }],
    metadata: { projectID: 'kit', txFees: [{ tokenAddress: STRK, maxAmount: '10000000000000000000' }] },
    sessionPublicKey: '0x5e55',
  })
  const request = {
    approvalRequests: [{ tokenAddress: STRK, spender: '0x5bd1e5', amount: '1000' }],
    sessionTypedData: sessionTypedData(session, BigInt('0x534e5f5345504f4c4941')),
  }
  const rejected = await withPopup(
    context,
    () => page.evaluate((input) => window.dapp.connectAndSignSession(input), request),
    async (popup) => {
      await popup.getByRole('heading', { name: 'Start a session' }).waitFor()
      await clickAndWaitForClose(popup, popup.getByRole('button', { name: 'Reject' }))
    },
  )
  expect(rejected.error).toEqual({
    name: 'ConnectAndSignSessionError',
    code: 'USER_REJECTED',
    message: 'User rejected request',
  })
  const approved = await withPopup(
    context,
    () => page.evaluate((input) => window.dapp.connectAndSignSession(input), request),
    async (popup) => {
      await popup.getByRole('heading', { name: 'Start a session' }).waitFor()
      await readConsent(popup)
      await clickAndWaitForClose(popup, popup.getByRole('button', { name: 'Sign session' }))
    },
  )
  expect(approved.result?.account).toEqual([address])
  const sessionSignature = approved.result?.signature ?? []
  const sessionValid = await provider.callContract({
    contractAddress: address,
    entrypoint: 'is_valid_signature',
    calldata: [
      `0x${sessionHash(session, address, BigInt('0x534e5f5345504f4c4941')).toString(16)}`,
      String(sessionSignature.length),
      ...sessionSignature,
    ],
  })
  expect(sessionValid[0]).toBe('0x56414c4944')
  expect(
    (await provider.getTransactionReceipt(approved.result?.approvalTransactionHash ?? '')).isSuccess(),
  ).toBe(true)
})
