// The wallet's dev routes answer for the user: POST /wallet/api/devLogin logs the --email user in without a
// code, /wallet/approvals answers prompts in manual mode. For Node clients, wallet-sim's own pages and exact
// --allow-dapp origins only; devLogin, when the wallet page names the dapp it serves, for an allowed dapp only.
import { expect, it } from 'vitest'
import { startSim } from '../../index'

it('answers devLogin to the allowed clients and dapps only; a malformed body is a JSON 400', async () => {
  await using sim = await startSim({
    accounts: 1,
    approve: 'auto',
    email: 'dev@example.com',
    allowedDapps: ['localhost', 'http://localhost:5173'],
  })
  const devLogin = async (headers: Record<string, string>, body?: string) => {
    const response = await fetch(`${sim.url}/wallet/api/devLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body }),
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  const ok = { status: 200, body: { email: 'dev@example.com' } }
  expect(await devLogin({})).toMatchObject(ok)
  expect(await devLogin({ origin: 'http://localhost:5173' })).toMatchObject(ok)
  expect(await devLogin({ origin: sim.url }, '{"origin":"http://localhost:5173"}')).toMatchObject(ok)
  for (const origin of ['http://localhost:5174', 'https://evil.example'])
    expect((await devLogin({ origin })).status, origin).toBe(403)
  expect(await devLogin({ origin: sim.url }, '{"origin":"http://localhost:5174"}')).toMatchObject({
    status: 403,
    body: { code: 'FORBIDDEN', message: expect.stringContaining('--allow-dapp http://localhost:5174') },
  })
  expect((await devLogin({ origin: sim.url }, '{"origin":42}')).status).toBe(403)
  expect(
    (await devLogin({ origin: 'http://localhost:5173', 'content-type': 'text/plain' }, '{}')).status,
  ).toBe(403)
  expect(await devLogin({}, '{"origin":')).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } })
})

it('answers /wallet/approvals (manual mode) to the allowed clients only', async () => {
  await using sim = await startSim({ accounts: 1, allowedDapps: ['http://localhost:5173'] })
  const approvals = (origin?: string) =>
    fetch(`${sim.url}/wallet/approvals/1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(origin === undefined ? {} : { origin }) },
      body: '{"approve":true}',
    }).then((r) => r.status)
  // No approval 1 is pending: an allowed client hears 404, a foreign page 403 before anything is looked up.
  expect(await approvals()).toBe(404)
  expect(await approvals('http://localhost:5173')).toBe(404)
  expect(await approvals('http://localhost:5174')).toBe(403)
})

it('GET devLogin says whether POST would log in, always with 200', async () => {
  const available = async (sim: { url: string }, origin?: string) => {
    const query = origin === undefined ? '' : `?origin=${encodeURIComponent(origin)}`
    const response = await fetch(`${sim.url}/wallet/api/devLogin${query}`)
    return { status: response.status, body: (await response.json()) as unknown }
  }
  await using auto = await startSim({
    accounts: 1,
    approve: 'auto',
    email: 'dev@example.com',
    allowedDapps: ['http://localhost:5173'],
  })
  expect(await available(auto, 'http://localhost:5173')).toEqual({ status: 200, body: { available: true } })
  expect(await available(auto)).toEqual({ status: 200, body: { available: true } })
  expect(await available(auto, 'http://localhost:5174')).toEqual({ status: 200, body: { available: false } })
  await using manual = await startSim({ accounts: 1, email: 'dev@example.com' })
  expect(await available(manual, 'http://localhost:5173')).toEqual({
    status: 200,
    body: { available: false },
  })
  // The answer matches what POST does.
  const post = await fetch(`${manual.url}/wallet/api/devLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  expect(post.status).toBe(404)
  expect((await fetch(`${auto.url}/wallet/api/devLogin?origin=a&origin=b`)).status).toBe(400)
})
