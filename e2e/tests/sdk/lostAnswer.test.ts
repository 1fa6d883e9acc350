// Idempotent execute (issue 36, item 1), in Chromium against wallet-sim's chain: the page's node and
// paymaster requests go through a proxy that loses answers. An invoke the chain took whose answer was lost is
// the SDK's success with the hash it signed (one transaction on chain); one that never reached the node is a
// retry-safe error and a retry lands once; a paymaster execute whose answer was lost is
// TRANSACTION_OUTCOME_UNKNOWN (never a code that invites a retry), with one execution on chain.
import { selectorFromName, toHex } from '@webwallet/protocol/session'
import { createRpc } from '@webwallet/shim'
import { CONTRACTS, type RunningSim, startSim } from '@webwallet/wallet-sim'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../../support/browser'
import { type LossyProxy, startLossyProxy } from '../../support/lossyProxy'
import { bundle, ROOT, serveDapp } from '../compat/page'
import { logIn } from './login'
import type { Outcome, PageConfig } from './lostAnswer.page'

const INVOKE = '"starknet_addInvokeTransaction"'
const STATUS = '"starknet_getTransactionStatus"'

let browser: Awaited<ReturnType<typeof launchBrowser>>
let dapp: Awaited<ReturnType<typeof serveDapp>>
let sim: RunningSim
let proxy: LossyProxy
let page: Page
let address = ''

beforeAll(async () => {
  const script = await bundle(`${ROOT}e2e/tests/sdk/lostAnswer.page.ts`, {
    conditions: ['@webwallet/source'],
  })
  ;[browser, dapp] = await Promise.all([launchBrowser(), serveDapp(script)])
  sim = await startSim({ seed: 36, approve: 'auto', allowedDapps: [dapp.origin] })
  proxy = await startLossyProxy(sim.url)
  page = await browser.newPage()
  await page.goto(dapp.origin)
  await page.waitForFunction(() => 'lostAnswer' in globalThis)
  const config: PageConfig = {
    url: sim.url,
    proxyUrl: proxy.url,
    trpcUrl: sim.trpcUrl,
    token: await logIn(sim, 'lost-answer@example.com'),
    counter: CONTRACTS.counter,
  }
  address = await inPage('connect', config)
  // The first execute deploys the account through the paymaster; later ones are self-paid.
  const first = await increment()
  expect(await inPage('wait', first.hash ?? '')).toBe(true)
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await proxy?.[Symbol.asyncDispose]()
  await sim?.close()
  await dapp?.[Symbol.asyncDispose]()
})

interface LostAnswerPage {
  connect(config: PageConfig): Promise<string>
  increment(options?: { gasless?: boolean }): Promise<Outcome>
  wait(hash: string): Promise<boolean>
}
// Calls a function lostAnswer.page.ts put on the page's globalThis.
const inPage = <K extends keyof LostAnswerPage>(name: K, ...args: Parameters<LostAnswerPage[K]>) =>
  page.evaluate(
    ([n, a]) => {
      const fns = (globalThis as unknown as { lostAnswer: Record<string, (...v: unknown[]) => unknown> })
        .lostAnswer
      return fns[n]?.(...a)
    },
    [name, args] as const,
  ) as ReturnType<LostAnswerPage[K]>
const increment = (options: { gasless?: boolean } = {}) => inPage('increment', options)

// The chain as it is, read around the proxy.
const rpc = () => createRpc({ nodeUrl: sim.rpcUrl })
const nonce = async () =>
  BigInt(
    await rpc().request<string>('starknet_getNonce', {
      block_id: 'pre_confirmed',
      contract_address: address,
    }),
  )
const count = async () => {
  const [value] = await rpc().request<string[]>('starknet_call', {
    request: { contract_address: CONTRACTS.counter, entry_point_selector: GET_COUNTER, calldata: [address] },
    block_id: 'pre_confirmed',
  })
  return BigInt(value ?? '0x0')
}
const GET_COUNTER = toHex(selectorFromName('get_counter'))

describe('a self-paid execute whose answer is lost', () => {
  it.each(['answer-dropped', 'answer-502'] as const)(
    'the chain took it (%s): the SDK answers its hash, one transaction landed',
    async (loss) => {
      const [before, counted] = [await nonce(), await count()]
      const invokes = proxy.count('/rpc', INVOKE)
      proxy.fail({ path: '/rpc', body: INVOKE, loss })
      const outcome = await increment()
      expect(outcome.code).toBeUndefined()
      expect(outcome.hash).toMatch(/^0x[0-9a-f]+$/)
      expect(proxy.count('/rpc', INVOKE)).toBe(invokes + 1)
      expect(await inPage('wait', outcome.hash ?? '')).toBe(true)
      expect([await nonce(), await count()]).toEqual([before + 1n, counted + 1n])
    },
  )

  it('the node is gone after the send: TRANSACTION_OUTCOME_UNKNOWN with the hash that then lands', async () => {
    const before = await nonce()
    proxy.fail({ path: '/rpc', body: INVOKE, loss: 'answer-dropped' })
    proxy.fail({ path: '/rpc', body: STATUS, loss: 'never-reached' })
    const outcome = await increment()
    expect(outcome).toMatchObject({
      code: 'TRANSACTION_OUTCOME_UNKNOWN',
      causeCode: 'SERVICE_UNREACHABLE',
      data: { service: 'node', url: `${proxy.url}/rpc` },
    })
    const { transactionHash } = outcome.data as { transactionHash: string }
    expect(await inPage('wait', transactionHash)).toBe(true)
    expect(await nonce()).toBe(before + 1n)
  })

  it('never reached the node: a retry-safe SERVICE_UNREACHABLE, nothing on chain, and the retry lands once', async () => {
    const [before, counted] = [await nonce(), await count()]
    proxy.fail({ path: '/rpc', body: INVOKE, loss: 'never-reached' })
    const outcome = await increment()
    expect(outcome).toMatchObject({
      code: 'SERVICE_UNREACHABLE',
      data: { service: 'node', url: `${proxy.url}/rpc` },
    })
    expect([await nonce(), await count()]).toEqual([before, counted])
    const retry = await increment()
    expect(await inPage('wait', retry.hash ?? '')).toBe(true)
    expect([await nonce(), await count()]).toEqual([before + 1n, counted + 1n])
  })
})

describe('a paymaster execute whose answer is lost', () => {
  it('is TRANSACTION_OUTCOME_UNKNOWN with the outside execution’s nonce; it ran once', async () => {
    const counted = await count()
    const executes = proxy.count('/paymaster/v1/execute')
    proxy.fail({ path: '/paymaster/v1/execute', loss: 'answer-dropped' })
    const outcome = await increment({ gasless: true })
    expect(outcome).toMatchObject({
      code: 'TRANSACTION_OUTCOME_UNKNOWN',
      causeCode: 'SERVICE_UNREACHABLE',
      data: { service: 'paymaster', url: `${proxy.url}/paymaster/v1/execute` },
    })
    const data = outcome.data as { outsideExecutionNonce: string; executeBefore: number }
    expect(data.outsideExecutionNonce).toMatch(/^0x[0-9a-f]+$/)
    expect(data.executeBefore).toBeGreaterThan(0)
    expect(proxy.count('/paymaster/v1/execute')).toBe(executes + 1)
    expect(await count()).toBe(counted + 1n)
  })
})
