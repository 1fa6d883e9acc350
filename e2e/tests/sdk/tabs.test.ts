// Tabs in step (issue 36, item 3), in Chromium against wallet-sim: two tabs of one origin share the session
// (localStorage, the key in IndexedDB). Executes from both at once are ordered by a Web Lock per account, so
// they land with consecutive nonces instead of colliding; a session cleared (or revoked) in one tab stops the
// other's account (SESSION_REVOKED), and a session signed in one tab is taken up by the other.
import { createRpc } from '@webwallet/shim'
import { CONTRACTS, type RunningSim, startSim } from '@webwallet/wallet-sim'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { launchBrowser } from '../../support/browser'
import { bundle, ROOT, serveDapp } from '../compat/page'
import { logIn } from './login'
import type { TabConfig } from './tabs.page'

let browser: Awaited<ReturnType<typeof launchBrowser>>
let dapp: Awaited<ReturnType<typeof serveDapp>>
let sim: RunningSim
let context: BrowserContext
let config: TabConfig

beforeAll(async () => {
  const script = await bundle(`${ROOT}e2e/tests/sdk/tabs.page.ts`, { conditions: ['@webwallet/source'] })
  ;[browser, dapp] = await Promise.all([launchBrowser(), serveDapp(script)])
  sim = await startSim({ seed: 37, approve: 'auto', allowedDapps: [dapp.origin] })
  context = await browser.newContext()
  config = {
    url: sim.url,
    rpcUrl: sim.rpcUrl,
    trpcUrl: sim.trpcUrl,
    token: await logIn(sim, 'tabs@example.com'),
    counter: CONTRACTS.counter,
  }
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await sim?.close()
  await dapp?.[Symbol.asyncDispose]()
})

interface Tab {
  init(config: TabConfig): void
  connect(): Promise<string | undefined>
  sign(): Promise<string>
  run(n: number): Promise<{ hash?: string; code?: string }[]>
  wait(hash: string): Promise<boolean>
  state(): { status: string | null; publicKey: string | null }
  clear(): void
  revoke(): Promise<string | undefined>
}

async function openTab(): Promise<
  <K extends keyof Tab>(name: K, ...args: Parameters<Tab[K]>) => Promise<Awaited<ReturnType<Tab[K]>>>
> {
  const page: Page = await context.newPage()
  await page.goto(dapp.origin)
  await page.waitForFunction(() => 'tabs' in globalThis)
  return (name, ...args) =>
    page.evaluate(
      ([n, a]) => {
        const fns = (globalThis as unknown as { tabs: Record<string, (...v: unknown[]) => unknown> }).tabs
        return fns[n]?.(...a)
      },
      [name, args] as const,
    ) as never
}

const nonce = async (address: string) =>
  BigInt(
    await createRpc({ nodeUrl: sim.rpcUrl }).request<string>('starknet_getNonce', {
      block_id: 'pre_confirmed',
      contract_address: address,
    }),
  )

it('two tabs execute at once without a nonce collision, and follow each other’s clear and new session', async () => {
  const a = await openTab()
  const b = await openTab()
  await a('init', config)
  const firstKey = await a('sign')
  // Deployed by the first execute (through the paymaster); later ones are self-paid.
  const [deployed] = await a('run', 1)
  expect(await a('wait', deployed?.hash ?? '')).toBe(true)
  await b('init', config)
  const address = (await b('connect')) ?? ''
  expect(address).toMatch(/^0x/)
  expect((await b('state')).publicKey).toBe(firstKey)

  const before = await nonce(address)
  const [fromA, fromB] = await Promise.all([a('run', 3), b('run', 3)])
  const all = [...fromA, ...fromB]
  expect(all.filter((r) => r.code)).toEqual([])
  for (const { hash } of all) expect(await a('wait', hash ?? '')).toBe(true)
  expect(await nonce(address)).toBe(before + 6n)

  // Cleared in A: B's account stops and B has no session.
  await a('clear')
  await expect.poll(async () => (await b('state')).status).toBeNull()
  expect(await b('run', 1)).toEqual([{ code: 'SESSION_REVOKED' }])

  // Signed in A: B takes the new session up.
  const secondKey = await a('sign')
  expect(secondKey).not.toBe(firstKey)
  await expect.poll(async () => (await b('state')).publicKey).toBe(secondKey)
  expect((await b('state')).status).toBe('VALID')

  // Revoked in B (issue 36 item 9): the cosigner refuses the session, and A forgets it and stops too.
  expect(await b('revoke')).toBeUndefined()
  await expect.poll(async () => (await a('state')).status).toBeNull()
  expect(await a('run', 1)).toEqual([{ code: 'SESSION_REVOKED' }])
})
