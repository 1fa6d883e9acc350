// The wallet page starts without running the Stark curve library (wallet-sim/ui/src/starkCurve.ts): a
// hands-free connect and transaction in a signed-in page never build its Poseidon constants, and the first
// typed data to sign does. Read from V8's own call counts (precise coverage) of the function of the page's
// script that builds them (the one holding the library's 'Hades' seed), in the built page as served.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { CONTRACTS } from '@webwallet/wallet-sim'
import { launchWalletSim, signedInContext, walletControl } from '@webwallet/wallet-sim/playwright/core'
import type { CDPSession, Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { launchBrowser } from '../../support/browser'
import { mail } from '../../support/typedData'
import { buildWalletUi } from './walletServer'

// The seed of the Poseidon round constants, however the build quotes it.
const HADES = /(["'`])Hades\1/

type Coverage = {
  url: string
  functions: { ranges: { startOffset: number; endOffset: number; count: number }[] }[]
}[]

/** How often the innermost function of `url`'s script around `marker` ran so far. */
async function callsAround(cdp: CDPSession, url: string, marker: RegExp): Promise<number> {
  const source = await fetch(url).then((r) => r.text())
  const at = source.search(marker)
  expect(at, `${marker} in ${url}`).toBeGreaterThan(0)
  const { result } = (await cdp.send('Profiler.takePreciseCoverage')) as { result: Coverage }
  const ranges = result
    .filter((script) => script.url === url)
    .flatMap((script) => script.functions.map((f) => f.ranges[0]!))
    .filter((range) => range.startOffset <= at && at < range.endOffset)
    .sort((a, b) => a.endOffset - a.startOffset - (b.endOffset - b.startOffset))
  expect(ranges.length, `a function of ${url} around ${marker}`).toBeGreaterThan(0)
  return ranges[0]!.count
}

const request = (page: Page, type: string, params: unknown) =>
  page.evaluate(
    ([t, p]) =>
      (
        window as unknown as { starknet_walletsim: { request(r: unknown): Promise<unknown> } }
      ).starknet_walletsim.request({ type: t, params: p }),
    [type, params] as const,
  )

test('a hands-free connect and transaction never run the curve library in the wallet page; typed data does', async () => {
  buildWalletUi()
  const server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>dapp'),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const dapp = `http://localhost:${(server.address() as AddressInfo).port}`
  try {
    await using sim = await launchWalletSim({ dappOrigins: [dapp] })
    await using browser = await launchBrowser()
    const context = await signedInContext(
      browser,
      walletControl(sim.url),
      async ({ page }) => {
        await page.goto(dapp)
        await request(page, 'wallet_requestAccounts', {})
      },
      { injectedWallet: 'walletsim' },
    )
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false })
    await page.goto(dapp)
    expect(await request(page, 'wallet_requestAccounts', { silent_mode: true })).toHaveLength(1)
    const call = { contract_address: CONTRACTS.counter, entry_point: 'increment', calldata: [] }
    await request(page, 'wallet_addInvokeTransaction', { calls: [call] })
    const script = page.frames().find((f) => f.url().endsWith('/iframes/comms'))!
    const src = await script.evaluate(() => (document.querySelector('script[src]') as HTMLScriptElement).src)
    expect(await callsAround(cdp, src, HADES)).toBe(0)

    const account = (await request(page, 'wallet_requestAccounts', { silent_mode: true })) as string[]
    expect(account).toHaveLength(1)
    await request(page, 'wallet_signTypedData', mail('hello'))
    expect(await callsAround(cdp, src, HADES)).toBeGreaterThan(0)
    await context.close()
  } finally {
    server.close()
  }
}, 120_000)
