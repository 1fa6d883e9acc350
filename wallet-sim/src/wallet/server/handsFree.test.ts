// Hands-free mode as the wallet page and the dev API see it: POST /wallet/api/decide answers the policy
// (auto, reject, a test's one-shot answer) for exact --allow-dapp dapps only; any other dapp gets `manual`
// (its screens) and never consumes a one-shot answer. PUT /dev/user switches the hands-free user and logs
// out the logins made for the previous one; devLogin works in auto and reject, not in manual.
import { expect, it } from 'vitest'
import { startSim } from '../../index'

const DAPP = 'http://localhost:5173'

async function call(url: string, method: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) }
}

it('answers the wallet page for an allowed dapp by the policy and one-shot answers, others manually', async () => {
  await using sim = await startSim({
    accounts: 1,
    approve: 'auto',
    email: 'bot@example.com',
    allowedDapps: [DAPP],
  })
  // The wallet page's own request (same origin), telling which dapp asks.
  const decide = (origin: unknown) =>
    call(`${sim.url}/wallet/api/decide`, 'POST', { origin }, { origin: sim.url })
  const next = (body: unknown) => call(`${sim.url}/dev/approval/next`, 'POST', body)

  expect(await decide(DAPP)).toEqual({ status: 200, body: { answer: 'approve' } })
  expect(await next({ action: 'fail', code: 'NOT_ENOUGH_BALANCE', message: 'Top up' })).toEqual({
    status: 201,
    body: { mode: 'auto', next: [{ action: 'fail', code: 'NOT_ENOUGH_BALANCE', message: 'Top up' }] },
  })
  await next({ action: 'reject' })
  // A foreign dapp (another port is another origin) is answered `manual` and leaves the queue alone.
  expect(await decide('http://localhost:5174')).toEqual({ status: 200, body: { answer: 'manual' } })
  expect((await call(`${sim.url}/dev/approval`, 'GET')).body).toMatchObject({ next: { length: 2 } })
  expect((await decide(DAPP)).body).toEqual({ answer: 'fail', code: 'NOT_ENOUGH_BALANCE', message: 'Top up' })
  expect((await decide(DAPP)).body).toEqual({ answer: 'reject' })
  expect((await decide(DAPP)).body).toEqual({ answer: 'approve' })
  await next({ action: 'approve' })
  expect(await call(`${sim.url}/dev/approval/next`, 'DELETE')).toEqual({ status: 204, body: undefined })
  await call(`${sim.url}/dev/approval`, 'PUT', { mode: 'reject' })
  expect((await decide(DAPP)).body).toEqual({ answer: 'reject' })
  await call(`${sim.url}/dev/approval`, 'PUT', { mode: 'manual' })
  expect((await decide(DAPP)).body).toEqual({ answer: 'manual' })

  // A login token the server no longer honours is a 401 before anything is decided: the one-shot answer
  // stays for the page's re-run with its user read again.
  const stale = { origin: sim.url, authorization: `Bearer ${'ab'.repeat(32)}` }
  await next({ action: 'reject' })
  expect(await call(`${sim.url}/wallet/api/decide`, 'POST', { origin: DAPP }, stale)).toMatchObject({
    status: 401,
  })
  expect((await decide(DAPP)).body).toEqual({ answer: 'reject' })

  // A foreign page asking itself is refused before anything is decided; a bad body is a 400.
  expect(
    await call(`${sim.url}/wallet/api/decide`, 'POST', { origin: DAPP }, { origin: 'http://localhost:5174' }),
  ).toMatchObject({
    status: 403,
    body: { code: 'FORBIDDEN' },
  })
  expect(await decide(42)).toEqual({
    status: 400,
    body: { code: 'BAD_REQUEST', message: 'body.origin: origin must be a string' },
  })
})

it('refuses malformed one-shot answers with exact messages and queues nothing', async () => {
  await using sim = await startSim({ accounts: 1 })
  const next = (body: unknown) => call(`${sim.url}/dev/approval/next`, 'POST', body)
  expect(await next({ action: 'maybe' })).toMatchObject({
    status: 400,
    body: { code: 'BAD_REQUEST', message: 'body.action: action must be approve, reject or fail' },
  })
  expect(await next({ action: 'fail', code: 'OOPS' })).toMatchObject({
    status: 400,
    body: {
      message:
        'body.code: code must be one of USER_REJECTED, ACCOUNT_NOT_DEPLOYED, NOT_ENOUGH_BALANCE, NOT_ENOUGH_BALANCE_DEPLOYMENT, GENERIC_ERROR, USER_LOGGED_OUT',
    },
  })
  expect(await next({ action: 'fail', code: 'GENERIC_ERROR', message: 7 })).toMatchObject({
    status: 400,
    body: { message: 'body.message: message must be a string' },
  })
  expect((await call(`${sim.url}/dev/approval`, 'GET')).body).toEqual({ mode: 'manual', next: [] })
  expect(await next({ action: 'approve' })).toMatchObject({ status: 201 })
  // One-shot answers are dev powers: a foreign page may not queue them.
  expect(
    await call(
      `${sim.url}/dev/approval/next`,
      'POST',
      { action: 'approve' },
      { origin: 'https://evil.example' },
    ),
  ).toMatchObject({ status: 403 })
})

it('switches the hands-free user: its account is created and the old hands-free logins end', async () => {
  await using sim = await startSim({ accounts: 1, approve: 'reject', email: 'ann@example.com' })
  expect((await call(`${sim.url}/dev/user`, 'GET')).body).toEqual({ email: 'ann@example.com' })
  // devLogin works in reject mode too: the hands-free user logs in, its prompts are refused.
  const first = await call(`${sim.url}/wallet/api/devLogin`, 'POST', {})
  expect(first.body).toMatchObject({ email: 'ann@example.com' })
  const token = (first.body as { token: string }).token
  const me = () => call(`${sim.url}/login/me`, 'GET', undefined, { authorization: `Bearer ${token}` })
  expect((await me()).status).toBe(200)

  const switched = await call(`${sim.url}/dev/user`, 'PUT', { email: 'Bob@Example.com' })
  expect(switched).toMatchObject({
    status: 200,
    body: { email: 'bob@example.com', address: expect.stringMatching(/^0x/) },
  })
  expect((await me()).status).toBe(401)
  expect((await call(`${sim.url}/wallet/api/devLogin`, 'POST', {})).body).toMatchObject({
    email: 'bob@example.com',
  })
  expect((await call(`${sim.url}/dev/accounts`, 'GET')).body).toMatchObject({
    accounts: expect.arrayContaining([expect.objectContaining({ email: 'bob@example.com' })]),
  })
  expect(await call(`${sim.url}/dev/user`, 'PUT', { email: 'nope' })).toMatchObject({
    status: 400,
    body: { message: 'body.email: Invalid e-mail address' },
  })

  await call(`${sim.url}/dev/approval`, 'PUT', { mode: 'manual' })
  expect(await call(`${sim.url}/wallet/api/devLogin`, 'POST', {})).toMatchObject({ status: 404 })
})
