// Argent's invisible-sdk demo page (argentlabs/invisible-sdk-demo: starknet 6 through @argent/invisible-sdk
// 1.0.0; compat/invisible-sdk/app/demo.ts, the same calls) as an app that switches: a fresh app pinning
// starknet.js 6.23.1 (the demo's), then one pinning 7.6.4, installs the packed tarballs with a plain `npm
// install` (no --legacy-peer-deps: our peer range must take them), type-checks the demo with only its import
// line changed, bundles it from what npm installed and runs it in Chromium against the installed wallet-sim:
// connect with the demo's approval request, then its estimate and execute. Nothing resolves from the
// workspaces: the app's one starknet.js is the shim's and protocol's peer.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { hash } from 'starknet'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser } from '../support/browser'
import { bundle, serveDapp } from '../tests/compat/page'
import { createApp } from './support/apps'
import { run } from './support/run'
import { ROOT } from './support/workspace'

const DEMO = join(ROOT, 'compat', 'invisible-sdk', 'app', 'demo.ts')
const COUNTER = '0x00c0ffee000000000000000000000000000000000000000000000000000c0de2'

let browser: Awaited<ReturnType<typeof launchBrowser>>
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.[Symbol.asyncDispose]()
})

/** The demo's source with its import line switched: the one change the app makes. */
function switchedDemo(): string {
  const source = readFileSync(DEMO, 'utf8')
  const switched = source.replace("} from '@argent/invisible-sdk'", "} from '@webwallet/shim/argent'")
  const changed = source.split('\n').filter((line, index) => line !== switched.split('\n')[index])
  expect(changed).toEqual(["} from '@argent/invisible-sdk'"])
  return switched
}

/** Waits until the page's `#status` matches `pattern`; fails at once on an error it did not expect. */
async function status(page: Page, pattern: RegExp): Promise<void> {
  await expect
    .poll(
      async () => {
        const text = (await page.locator('#status').textContent()) ?? ''
        if (text.startsWith('error:')) throw new Error(`The demo failed: ${text}`)
        return text
      },
      { timeout: 120_000, interval: 200 },
    )
    .toMatch(pattern)
}

describe.each([
  ['6', '6.23.1'],
  ['7', '7.6.4'],
])('an app on starknet.js %s', (major, version) => {
  let dir: string
  beforeAll(async () => {
    dir = await createApp(
      inject('consumerRoot'),
      inject('tarballs'),
      {
        fixture: 'argentDemo',
        dependencies: ['starknet'],
        devDependencies: ['typescript'],
        versions: { starknet: version },
      },
      `argentDemo${major}`,
    )
    writeFileSync(join(dir, 'demo.ts'), switchedDemo())
  })

  it('installs one starknet.js, its own, for itself, the shim and protocol', async () => {
    const tree = JSON.parse(await run('npm', ['ls', 'starknet', '--json', '--all'], dir)) as {
      dependencies: Record<string, { version: string; dependencies?: Record<string, { version: string }> }>
    }
    expect(tree.dependencies.starknet?.version).toBe(version)
    for (const name of ['@webwallet/shim', '@webwallet/protocol'])
      expect(tree.dependencies[name]?.dependencies?.starknet?.version, name).toBe(version)
  })

  it('type-checks the demo, only its import line changed', async () => {
    await run('npx', ['--no-install', 'tsc', '-p', 'tsconfig.json'], dir)
  })

  it('connects with the approval request, estimates and executes in Chromium against wallet-sim', async () => {
    const script = await bundle(join(dir, 'demo.ts'), { loader: { '.ts': 'ts' } })
    expect(script).not.toContain('@webwallet/source')
    await using dapp = await serveDapp(script)
    const installed = join(dir, 'node_modules', '@webwallet', 'wallet-sim', 'dist', 'playwright', 'core.js')
    const { launchWalletSim, routeArgentToWalletSim, walletControl } = (await import(
      installed
    )) as typeof import('@webwallet/wallet-sim/playwright/core')
    await using sim = await launchWalletSim({ dappOrigins: [dapp.origin] })
    await walletControl(sim.url).login(`starknet${major}@example.com`)
    const context = await browser.newContext()
    await routeArgentToWalletSim(context, sim.url)
    const page = await context.newPage()
    await page.goto(`${dapp.origin}/`)
    await status(page, /^not connected$/)
    await page.locator('#connect').click()
    await status(page, /^connected custom_callback_data$/)
    const address = (await page.locator('#account').textContent()) ?? ''
    await page.locator('#send').click()
    await status(page, /^sent$/)
    expect(await page.locator('#counter').textContent()).toBe('1')
    const answer = await fetch(`${sim.url}/rpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'starknet_call',
        params: {
          request: {
            contract_address: COUNTER,
            entry_point_selector: hash.getSelectorFromName('get_number'),
            calldata: [address],
          },
          block_id: 'latest',
        },
      }),
    })
    expect(((await answer.json()) as { result: string[] }).result.map(BigInt)).toEqual([1n])
    await context.close()
  })
})
