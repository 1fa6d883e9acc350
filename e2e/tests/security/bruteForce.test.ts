// Login code brute force against wallet-sim's real login API: an attacker on its own address (127.0.0.2)
// guesses at a 6-digit code. A code dies after 5 wrong guesses — the right code then fails too — and new
// codes are rate-limited (429 with Retry-After), so 30 guesses in a row buy at most 25 checks. The user,
// on another address, still logs in with their own code, and so does the attacker's client with a fresh
// code and the right digits, so the refusals are the limits, not a broken login.
import { request } from 'node:http'
import { startSim } from '@webwallet/wallet-sim'
import { expect, it } from 'vitest'

const TARGET = 'target@example.com'
const ATTACKER = '127.0.0.2'

interface Reply {
  status: number
  retryAfter: string | undefined
  body: { message?: string; retryAfter?: number; token?: string }
}

/** A JSON POST to wallet-sim from the loopback address `from`, with the Retry-After header of the answer. */
function post(url: string, body: unknown, from?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        ...(from ? { localAddress: from } : {}),
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          text += chunk
        })
        res.on('end', () => {
          const header = res.headers['retry-after']
          resolve({ status: res.statusCode ?? 0, retryAfter: header, body: JSON.parse(text) })
        })
      },
    )
    req.once('error', reject)
    req.end(JSON.stringify(body))
  })
}

/** A 6-digit guess that is not `code`. */
const wrong = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')

it('a code dies after 5 wrong guesses: the right code is refused afterwards; a fresh code logs in', async () => {
  await using sim = await startSim({ accounts: 1 })
  const start = (from?: string) => post(`${sim.url}/login/start`, { email: TARGET }, from)
  const verify = (code: string, from?: string) =>
    post(`${sim.url}/login/verify`, { email: TARGET, code }, from)
  const latest = () => sim.walletSim.inbox.latest(TARGET)?.code ?? ''

  expect((await start(ATTACKER)).status).toBe(200)
  const code = latest()
  const answers: string[] = []
  for (let i = 0; i < 5; i++) answers.push((await verify(wrong(code, i), ATTACKER)).body.message ?? '')
  expect(answers).toEqual([
    'Wrong code; 4 tries left',
    'Wrong code; 3 tries left',
    'Wrong code; 2 tries left',
    'Wrong code; 1 try left',
    'Too many wrong codes; request a new one',
  ])
  const late = await verify(code, ATTACKER)
  expect(late.status).toBe(401)
  expect(late.body.message).toBe('Too many wrong codes; request a new one')
  expect(late.body.token).toBeUndefined()

  // The legitimate counterparts: the user on their own address, then the same client with a fresh code.
  expect((await start()).status).toBe(200)
  const own = await verify(latest())
  expect(own.status).toBe(200)
  expect(own.body.token).toMatch(/^[0-9a-f]{64}$/)
  expect((await start(ATTACKER)).status).toBe(200)
  expect((await verify(latest(), ATTACKER)).status).toBe(200)
})

it('30 guesses in a row check at most 25: new codes stop with 429 and Retry-After, and the last code stays dead', async () => {
  await using sim = await startSim({ accounts: 1 })
  const start = (from?: string) => post(`${sim.url}/login/start`, { email: TARGET }, from)
  const verify = (code: string, from?: string) =>
    post(`${sim.url}/login/verify`, { email: TARGET, code }, from)
  const latest = () => sim.walletSim.inbox.latest(TARGET)?.code ?? ''

  let checked = 0 // guesses compared with a live code
  let codes = 0
  let code = ''
  let tries = 0
  let limited: Reply | undefined
  for (let guess = 0; guess < 30; guess++) {
    if (tries === 0 && limited === undefined) {
      const started = await start(ATTACKER)
      if (started.status === 429) limited = started
      else {
        codes++
        code = latest()
        tries = 5
      }
    }
    const answer = await verify(wrong(code, guess), ATTACKER)
    expect(answer.status).toBe(401)
    if (tries > 0) {
      checked++
      tries--
      if (tries > 0) expect(answer.body.message).toMatch(/^Wrong code; [1-4] tr(y|ies) left$/)
    }
    if (tries === 0) expect(answer.body.message).toBe('Too many wrong codes; request a new one')
  }
  expect(codes).toBe(5)
  expect(checked).toBe(25)
  expect(limited?.status).toBe(429)
  const seconds = Number(limited?.retryAfter)
  expect(Number.isInteger(seconds) && seconds > 0 && seconds <= 600).toBe(true)
  expect(limited?.body).toMatchObject({
    retryAfter: seconds,
    message: `Too many login codes for this e-mail; try again in ${seconds} s`,
  })
  // The last code the attacker got, entered right: still refused.
  expect((await verify(code, ATTACKER)).body.message).toBe('Too many wrong codes; request a new one')

  // The user, on another address, is not held back by the attacker's limit and logs in.
  expect((await start()).status).toBe(200)
  expect((await verify(latest())).status).toBe(200)
})
