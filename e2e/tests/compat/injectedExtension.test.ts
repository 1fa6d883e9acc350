// The development extension (`wallet-sim extension <dir>`) loaded unpacked in Chromium: a dapp on localhost
// finds wallet-sim among its wallets (get-starknet v4's window scan) and connects hands-free through it; a site
// the extension's patterns do not name (127.0.0.2) gets nothing injected.
import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { launchWalletSim, walletControl } from '@webwallet/wallet-sim/playwright/core'
import { chromium } from 'playwright-core'
import { expect, test } from 'vitest'
import { CHROMIUM_ARGS, chromiumPath } from '../../support/browser'
import { buildWalletUi } from '../wallet/walletServer'
import { ROOT } from './page'

test('the extension injects wallet-sim into local dapps only; a dapp connects through it', async () => {
  buildWalletUi()
  const page = '<!doctype html><title>dapp</title><p>a dapp</p>'
  const server = createServer((_req, res) => res.end(page))
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve))
  const { port } = server.address() as AddressInfo
  const local = `http://localhost:${port}`
  await using sim = await launchWalletSim({ dappOrigins: [local], accounts: 1 })
  const dir = join(mkdtempSync(join(tmpdir(), 'wallet-sim-ext-')), 'ext')
  execFileSync(process.execPath, [
    join(ROOT, 'wallet-sim', 'bin', 'wallet-sim.js'),
    'extension',
    dir,
    '--url',
    sim.url,
    '--as',
    'argentX',
  ])
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'wallet-sim-profile-')), {
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, `--disable-extensions-except=${dir}`, `--load-extension=${dir}`],
    ignoreDefaultArgs: ['--disable-extensions'],
  })
  try {
    const tab = await context.newPage()
    await tab.goto(`${local}/`)
    await tab.waitForFunction(() => 'starknet_argentX' in window)
    const accounts = await tab.evaluate(() =>
      (
        window as unknown as { starknet_argentX: { request(r: unknown): Promise<string[]> } }
      ).starknet_argentX.request({
        type: 'wallet_requestAccounts',
      }),
    )
    expect(accounts.map((a) => BigInt(a))).toEqual([BigInt(await walletControl(sim.url).address())])
    await tab.goto(`http://127.0.0.2:${port}/`)
    expect(await tab.evaluate(() => 'starknet_argentX' in window)).toBe(false)
  } finally {
    await context.close()
    await new Promise((resolve) => server.close(resolve))
  }
}, 120_000)
