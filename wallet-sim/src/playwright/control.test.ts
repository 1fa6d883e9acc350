// The Playwright helper's core against a real wallet-sim (no browser): launchWalletSim's defaults, every
// control of walletControl, reset, and the address pattern the dapp helpers wait for.
import { expect, it } from 'vitest'
import { WalletSimRequestError, walletControl } from './control'
import { addressPattern } from './dapp'
import { launchWalletSim } from './launch'

it('launches hands-free for the dapp origins and controls the simulator through the dev API', async () => {
  await using sim = await launchWalletSim({ dappOrigins: ['http://localhost:5173'], accounts: 1 })
  expect(sim.defaults).toEqual({ mode: 'auto', email: 'user@example.com' })
  const wallet = walletControl(sim.url)
  expect(wallet.rpcUrl).toBe(`${sim.url}/rpc`)
  expect(await wallet.email()).toBe('user@example.com')
  const address = await wallet.address()
  expect(address).toMatch(/^0x[0-9a-f]{64}$/)

  await wallet.rejectNext()
  await wallet.failNext('GENERIC_ERROR', 'boom')
  const queued = await fetch(`${sim.url}/dev/approval`).then((r) => r.json())
  expect(queued).toEqual({
    mode: 'auto',
    next: [{ action: 'reject' }, { action: 'fail', code: 'GENERIC_ERROR', message: 'boom' }],
  })
  // Only the exact dapp origin is answered hands-free; the wallet page of another one sees its screens.
  const decide = (origin: string) =>
    fetch(`${sim.url}/wallet/api/decide`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: sim.url },
      body: JSON.stringify({ origin }),
    }).then((r) => r.json())
  expect(await decide('http://localhost:5174')).toEqual({ answer: 'manual' })
  expect(await decide('http://localhost:5173')).toEqual({ answer: 'reject' })

  const second = await wallet.login('second@example.com')
  expect(second).not.toBe(address)
  await wallet.fund(second, 5n)
  const balance = await fetch(sim.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'devnet_getAccountBalance',
      params: { address: second, unit: 'FRI' },
    }),
  }).then((r) => r.json())
  expect(BigInt(balance.result.amount)).toBeGreaterThan(5n)
  // The chain's clock runs on with the wall clock: the seconds that pass between the two calls count too.
  const started = Date.now()
  const now = await wallet.now()
  const moved = await wallet.increaseTime(60)
  expect(moved).toBeGreaterThanOrEqual(now + 60)
  expect(moved).toBeLessThanOrEqual(now + 60 + Math.ceil((Date.now() - started) / 1000))
  expect(await wallet.setTime(now + 3600)).toBe(now + 3600)

  await wallet.setApproval('manual')
  await wallet.reset(sim.defaults)
  expect(await fetch(`${sim.url}/dev/approval`).then((r) => r.json())).toEqual({ mode: 'auto', next: [] })
  expect(await wallet.email()).toBe('user@example.com')
  expect(await wallet.pending()).toEqual([])
  expect(await wallet.inbox('nobody@example.com')).toEqual([])
})

it('reads login codes, and reports the dev API’s refusals with their message', async () => {
  await using sim = await launchWalletSim({ approve: 'manual', accounts: 1 })
  expect(sim.defaults.mode).toBe('manual')
  const wallet = walletControl(sim.url)
  // In manual mode the hands-free user is still known, to switch back to.
  expect(await wallet.email()).toBe('user@example.com')
  await fetch(`${sim.url}/login/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ann@example.com' }),
  })
  expect(await wallet.loginCode('ann@example.com')).toMatch(/^\d{6}$/)
  expect(await wallet.inbox('ann@example.com')).toHaveLength(1)
  const refused = wallet.answer('42', true)
  await expect(refused).rejects.toBeInstanceOf(WalletSimRequestError)
  await expect(refused).rejects.toMatchObject({
    status: 404,
    message: 'POST /wallet/approvals/42: No pending approval 42',
  })
  await expect(wallet.loginCode('nobody@example.com', { timeout: 0 })).rejects.toMatchObject({
    status: 404,
    message: 'GET /dev/inbox/nobody%40example.com: No mail for nobody@example.com',
  })
  // A code read before its mail is sent waits for it.
  const later = wallet.loginCode('bea@example.com')
  await fetch(`${sim.url}/login/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bea@example.com' }),
  })
  expect(await later).toMatch(/^\d{6}$/)
})

it('matches an address however a dapp writes it, never a longer number', () => {
  const pattern = addressPattern('0x000abc')
  expect(pattern.test('Connected as 0xABC')).toBe(true)
  expect(pattern.test('0x0000000abc')).toBe(true)
  expect(pattern.test('0xabcd')).toBe(false)
  expect(pattern.test('0xab')).toBe(false)
})

it('snapshots and reverts the chain; revert() takes the newest snapshot, an unknown id is refused with its code', async () => {
  await using sim = await launchWalletSim({ accounts: 1 })
  const wallet = walletControl(sim.url)
  const address = await wallet.address()
  const balance = async () => {
    const answer = await fetch(sim.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'devnet_getAccountBalance',
        params: { address },
      }),
    }).then((r) => r.json())
    return BigInt(answer.result.amount)
  }
  const start = await balance()
  const now = await wallet.now()
  const first = await wallet.snapshot()
  await wallet.fund(address, 5n)
  await wallet.increaseTime(3600)
  const second = await wallet.snapshot()
  await wallet.fund(address, 7n)
  await wallet.revert()
  expect(await balance()).toBe(start + 5n)
  await wallet.revert()
  expect(await balance()).toBe(start)
  // The clock's offset comes back too (the wall clock kept running meanwhile).
  expect(await wallet.now()).toBeLessThan(now + 3600)
  await expect(wallet.revert()).rejects.toThrow('no snapshot to revert to')
  await expect(wallet.revert(second)).rejects.toMatchObject({ code: -1 })
  expect(first).toBeLessThan(second)
})
