// SessionAccount.execute against wallet-sim when things go wrong (issue 15): every failure is a coded
// error, a failed gasless retry reports both errors, cancellation and time limits end the call at once,
// and host input is checked before anything is sent.

import { selectorFromName, toHex } from '@webwallet/protocol/session'
import { createPortfolio, createRpc, type SessionAccount, WebWallet } from '@webwallet/shim'
import { CONTRACTS, type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { headlessWalletOptions } from '../../support/headless'
import { logIn } from './login'

const FIELD_PRIME = 2n ** 251n + 17n * 2n ** 192n + 1n
// The app's own calls. Not a STRK transfer: the cosigner co-signs a fee-token transfer only to the paymaster.
const increment = { contractAddress: CONTRACTS.counter, entrypoint: 'increment', calldata: [] }
const GET_VALUE = toHex(selectorFromName('get_value'))
const setValue = (value: bigint) => ({
  contractAddress: CONTRACTS.counter,
  entrypoint: 'set_value',
  calldata: [value],
})

let sim: RunningSim
let account: SessionAccount

beforeAll(async () => {
  sim = await startSim({ seed: 13, approve: 'auto' })
  const token = await logIn(sim, 'execute-errors@example.com')
  const wallet = WebWallet.init({
    appName: 'execute-errors',
    sessionParams: {
      allowedMethods: [
        { contract: CONTRACTS.counter, selector: 'increment' },
        { contract: CONTRACTS.counter, selector: 'set_value' },
      ],
    },
    ...headlessWalletOptions(sim, token),
  })
  account = (await wallet.requestConnection()).account
  // Deployed through the paymaster (the first execute), so later ones take the self-paid route.
  const { transaction_hash } = await account.execute(increment)
  await account.waitForTransaction(transaction_hash, { retryInterval: 50 })
})
afterAll(async () => {
  await sim?.close()
})

const nonce = () =>
  createRpc({ nodeUrl: sim.rpcUrl }).request<string>('starknet_getNonce', {
    block_id: 'pre_confirmed',
    contract_address: account.address,
  })

describe('execute errors', () => {
  it('reports both errors when the gasless retry fails too (GASLESS_RETRY_FAILED)', async () => {
    sim.walletSim.faults.add({
      route: '/cosigner/signSession',
      method: 'POST',
      count: 1,
      status: 403,
      body: { status: 'refused' },
    })
    sim.walletSim.faults.add({
      route: '/paymaster/v1/build-typed-data',
      method: 'POST',
      count: 1,
      status: 400,
      body: { messages: ['paymaster is down for maintenance'] },
    })
    const error = (await account.execute(increment).catch((e: unknown) => e)) as {
      code: string
      errors: unknown[]
      cause: unknown
    }
    expect(error.code).toBe('GASLESS_RETRY_FAILED')
    expect(error.errors.map((e) => (e as { code: string }).code)).toEqual([
      'SIGN_SESSION_ERROR',
      'PAYMASTER_REQUEST',
    ])
    expect(error.cause).toBe(error.errors[1])
    expect(String(error)).toContain('paymaster is down for maintenance')
    expect(String(error)).toContain('Sign session error')
  })

  it('checks isCompatible before the gasless route (PAYMASTER_INCOMPATIBLE, nothing built)', async () => {
    sim.walletSim.faults.add({
      route: `/paymaster/v1/accounts/${account.address}/compatible`,
      method: 'GET',
      count: 1,
      status: 200,
      body: { isCompatible: false, gasConsumedOverhead: '0x0', dataGasConsumedOverhead: '0x0' },
    })
    sim.walletSim.faults.add({
      route: '/paymaster/v1/build-typed-data',
      method: 'POST',
      count: 1,
      status: 500,
      body: {},
    })
    await expect(account.execute(increment, { gasless: true })).rejects.toMatchObject({
      code: 'PAYMASTER_INCOMPATIBLE',
    })
    // The build-typed-data fault is still armed: the paymaster was never asked to build anything.
    expect(sim.walletSim.faults.list()).toHaveLength(1)
    sim.walletSim.faults.clear()
  })

  it("refuses paymaster typed data that does not follow its types ('Typed data does not match JSON schema')", async () => {
    sim.walletSim.faults.add({
      route: '/paymaster/v1/build-typed-data',
      method: 'POST',
      count: 1,
      status: 200,
      body: {
        types: {},
        primaryType: 'OutsideExecution',
        domain: { name: 'Account.execute_from_outside' },
        message: {},
      },
    })
    await expect(account.execute(increment, { gasless: true })).rejects.toMatchObject({
      code: 'TYPED_DATA_MISMATCH',
      message: 'Typed data does not match JSON schema',
    })
  })

  it('refuses calldata at the field prime with a sentence naming call and place, before anything is sent', async () => {
    const before = await nonce()
    await expect(account.execute(setValue(FIELD_PRIME))).rejects.toMatchObject({
      code: 'VALIDATION',
      walletApiCode: 114,
      message: `Call 0, calldata[0]: ${FIELD_PRIME}n is refused, not below the field prime.`,
    })
    expect(await nonce()).toBe(before)
    // One below the prime is a felt: it is sent and lands as given.
    const { transaction_hash } = await account.execute(setValue(FIELD_PRIME - 1n))
    await account.waitForTransaction(transaction_hash, { retryInterval: 50 })
    const [value] = await createRpc({ nodeUrl: sim.rpcUrl }).request<string[]>('starknet_call', {
      request: { contract_address: CONTRACTS.counter, entry_point_selector: GET_VALUE, calldata: [] },
      block_id: 'latest',
    })
    expect(BigInt(value ?? '0x0')).toBe(FIELD_PRIME - 1n)
  })

  it('refuses a nonce, tip or resource bound out of its Starknet range before anything is sent (INVALID_OPTIONS)', async () => {
    const bound = { max_amount: 10n ** 6n, max_price_per_unit: 10n ** 12n }
    const bounds = { l1_gas: bound, l2_gas: bound, l1_data_gas: bound }
    const refused: [Record<string, unknown>, string][] = [
      [{ nonce: -1 }, 'nonce'],
      [{ nonce: FIELD_PRIME }, 'nonce'],
      [{ nonce: 1.5 }, 'nonce'],
      [{ nonce: '' }, 'nonce'],
      [{ nonce: '0x' }, 'nonce'],
      [{ tip: -1n }, 'tip'],
      [{ tip: 2n ** 64n }, 'tip'],
      [{ tip: '1.0' }, 'tip'],
      [{ tip: 1.5 }, 'tip'],
      [{ tip: '-1' }, 'tip'],
      [
        { resourceBounds: { ...bounds, l2_gas: { ...bound, max_amount: 2n ** 64n } } },
        'resourceBounds.l2_gas.max_amount',
      ],
      [
        { resourceBounds: { ...bounds, l1_gas: { ...bound, max_price_per_unit: 2n ** 128n } } },
        'resourceBounds.l1_gas.max_price_per_unit',
      ],
      [{ resourceBounds: { l1_gas: bound, l2_gas: bound } }, 'resourceBounds.l1_data_gas.max_amount'],
      [
        { resourceBounds: { ...bounds, l2_gas: { max_amount: 1n } } },
        'resourceBounds.l2_gas.max_price_per_unit',
      ],
      // Bounds as hex or decimal strings are starknet.js's own forms (taken); an exponent is no integer.
      [
        { resourceBounds: { ...bounds, l1_gas: { ...bound, max_amount: '1e3' } } },
        'resourceBounds.l1_gas.max_amount',
      ],
      [{ version: '0x1' }, 'version'],
      [{ version: 'v3' }, 'version'],
      [
        { resourceBounds: { ...bounds, l1_gas: { ...bound, max_amount: -1n } } },
        'resourceBounds.l1_gas.max_amount',
      ],
    ]
    // Armed faults are consumed by the first matching request: still armed afterwards means nothing was sent.
    sim.walletSim.faults.add({ route: '/rpc', method: 'POST', count: 1, status: 500, body: {} })
    sim.walletSim.faults.add({ route: '/cosigner', method: 'POST', count: 1, status: 500, body: {} })
    for (const [options, path] of refused) {
      const error = await account.execute(increment, options as never).catch((e: unknown) => e)
      expect(error, path).toMatchObject({ code: 'INVALID_OPTIONS', data: { path } })
    }
    expect(sim.walletSim.faults.list()).toHaveLength(2)
    sim.walletSim.faults.clear()
    // The largest values of each range pass the check (the node then refuses what it cannot pay, coded).
    const max = { max_amount: 2n ** 64n - 1n, max_price_per_unit: 2n ** 128n - 1n }
    const big = await account
      .execute(increment, {
        nonce: FIELD_PRIME - 1n,
        tip: 2n ** 64n - 1n,
        resourceBounds: { l1_gas: max, l2_gas: max, l1_data_gas: max },
      })
      .catch((e: unknown) => e)
    expect((big as { code?: string }).code).not.toBe('INVALID_OPTIONS')
    // A current nonce given as a hex string is used as given; a tip may be any starknet.js BigNumberish.
    const { transaction_hash } = await account.execute(increment, { nonce: await nonce(), tip: '0' })
    await account.waitForTransaction(transaction_hash, { retryInterval: 50 })
  })

  it('refuses outside-execution options that are no felt with VALIDATION (the parse error as cause)', async () => {
    const error = await account
      .getOutsideExecutionPayload(increment, { caller: 'not a felt' })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'VALIDATION', message: 'Value out of the felt range: not a felt' })
    expect((error as Error).cause).toBeInstanceOf(SyntaxError)
  })

  it("refuses a contract address that is not one ('Invalid Address Format')", async () => {
    for (const contractAddress of ['../admin', '0x', `0x${'1'.repeat(65)}`, 'STRK']) {
      await expect(account.execute({ ...increment, contractAddress })).rejects.toMatchObject({
        code: 'INVALID_ADDRESS_FORMAT',
        message: 'Invalid Address Format',
      })
    }
  })
})

describe('cancellation and time limits', () => {
  it('an aborted execute ends with OPERATION_ABORTED (the reason as cause) and sends nothing', async () => {
    const before = await nonce()
    // The cosigner answers only after two minutes: the abort must not wait for it.
    sim.walletSim.faults.add({ route: '/cosigner/signSession', method: 'POST', count: 1, delayMs: 120_000 })
    const controller = new AbortController()
    const pending = account.execute(increment, { signal: controller.signal })
    // The cosigner request is in flight once its fault is used up.
    await vi.waitFor(() => expect(sim.walletSim.faults.list()).toHaveLength(0), { timeout: 10_000 })
    const reason = new Error('user left the page')
    controller.abort(reason)
    await expect(pending).rejects.toMatchObject({ code: 'OPERATION_ABORTED', cause: reason })
    expect(await nonce()).toBe(before)
  })

  it('an execute past timeoutMs ends with OPERATION_TIMEOUT', async () => {
    sim.walletSim.faults.add({ route: '/cosigner/signSession', method: 'POST', count: 1, delayMs: 120_000 })
    await expect(account.execute(increment, { timeoutMs: 1000 })).rejects.toMatchObject({
      code: 'OPERATION_TIMEOUT',
      data: { operation: 'execute', ms: 1000 },
    })
  })

  it('waitForTransaction stops polling on abort', async () => {
    const controller = new AbortController()
    const unknown = `0x${'5'.repeat(60)}`
    const pending = account.waitForTransaction(unknown, { signal: controller.signal, retryInterval: 60_000 })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ code: 'OPERATION_ABORTED' })
  })

  it('waitForBlock answers once the chain reaches the block, and stops on abort', async () => {
    const rpc = createRpc({ nodeUrl: sim.rpcUrl })
    const current = await rpc.request<number>('starknet_blockNumber')
    const reached = account.waitForBlock(current + 1, { retryInterval: 20 })
    await rpc.request('devnet_createBlock')
    await reached
    expect(await rpc.request<number>('starknet_blockNumber')).toBeGreaterThanOrEqual(current + 1)
    // starknet.js's form: a retry interval as the second argument; 'latest' answers at once.
    await account.waitForBlock('latest', 20)
    const controller = new AbortController()
    const never = account.waitForBlock(current + 1000, { signal: controller.signal })
    controller.abort()
    await expect(never).rejects.toMatchObject({ code: 'OPERATION_ABORTED' })
  })

  it('balance polling of a new account stops on abort (the protocol polls 5 × 5000 ms)', async () => {
    await logIn(sim, 'polled@example.com')
    const controller = new AbortController()
    let answers = 0
    let abortedAt = 0
    // Aborts once the SDK handled the backend's first answer (a task later, its promises settled): it is
    // then in its 5000 ms wait, not before its first request.
    const answered: typeof fetch = async (input, init) => {
      const response = await fetch(input, init)
      answers++
      setTimeout(() => {
        abortedAt = Date.now()
        controller.abort()
      }, 0)
      return response
    }
    const portfolio = createPortfolio({
      backendUrl: `${sim.url}/v1`,
      network: 'sepolia',
      appName: 'poll',
      fetch: answered,
    })
    // A fresh address: the backend answers `initialising` first, so the SDK waits 5000 ms to ask again.
    const pending = portfolio.balances(`0x${'7'.repeat(63)}`, { signal: controller.signal })
    await expect(pending).rejects.toMatchObject({ code: 'OPERATION_ABORTED' })
    // At once, not when the 5000 ms wait would have ended (the SDK checks the signal before each poll).
    expect(Date.now() - abortedAt).toBeLessThan(2500)
    expect(answers).toBe(1)
  })

  it("checks host addresses before they reach a backend URL ('Invalid Address Format')", async () => {
    const portfolio = createPortfolio({ backendUrl: `${sim.url}/v1`, network: 'sepolia', appName: 'poll' })
    await expect(portfolio.balances('../../dev/inbox')).rejects.toMatchObject({
      code: 'INVALID_ADDRESS_FORMAT',
    })
    await expect(portfolio.defi('0x1/../../x')).rejects.toMatchObject({ code: 'INVALID_ADDRESS_FORMAT' })
  })
})
