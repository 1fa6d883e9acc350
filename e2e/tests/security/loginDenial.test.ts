// Login denial: anyone may ask for a code for any e-mail. An attacker on another address asks for the
// victim's codes again and again and guesses at them; the victim's own code must still log the victim in,
// and the victim can still ask for a new one. Guessing stays bounded for the attacker.
import { startSim } from '@webwallet/wallet-sim'
import { expect, it } from 'vitest'
import { postJson } from './attacker'

const VICTIM = 'victim@example.com'
const ATTACKER = '127.0.0.2'
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

it("someone else's code requests and guesses neither void the victim's code nor lock the victim out", async () => {
  await using sim = await startSim({ accounts: 1 })
  const start = (from?: string) => postJson(`${sim.url}/login/start`, { email: VICTIM }, {}, from)
  const verify = (code: string, from?: string) =>
    postJson(`${sim.url}/login/verify`, { email: VICTIM, code }, {}, from)

  expect((await start()).status).toBe(200)
  const mine = sim.walletSim.inbox.latest(VICTIM)?.code ?? ''

  // The attacker asks for 10 codes for the victim's e-mail, then guesses 10 times.
  const statuses: number[] = []
  for (let i = 0; i < 10; i++) statuses.push((await start(ATTACKER)).status)
  expect(statuses.filter((s) => s === 200)).toHaveLength(5)
  expect(statuses.filter((s) => s === 429)).toHaveLength(5)
  expect(sim.walletSim.inbox.latest(VICTIM)?.code).not.toBe(mine)
  for (let i = 0; i < 10; i++) expect((await verify(wrong(mine), ATTACKER)).status).toBe(401)
  // Even the right code does nothing for the attacker: it is checked against the attacker's own code.
  expect((await verify(mine, ATTACKER)).json()).toMatchObject({
    message: 'Too many wrong codes; request a new one',
  })

  // The victim is neither held back nor locked out.
  const login = await verify(mine)
  expect(login.status).toBe(200)
  expect(login.json()).toMatchObject({
    user: { email: VICTIM },
    token: expect.stringMatching(/^[0-9a-f]{64}$/),
  })
  expect((await start()).status).toBe(200)
  expect((await verify(sim.walletSim.inbox.latest(VICTIM)?.code ?? '')).status).toBe(200)
})

it('the attacker alone gets at most 25 guesses per 10 minutes at the victim’s e-mail', async () => {
  await using sim = await startSim({ accounts: 1 })
  let guesses = 0
  for (let round = 0; round < 10; round++) {
    const started = await postJson(`${sim.url}/login/start`, { email: VICTIM }, {}, ATTACKER)
    if (started.status === 429) break
    for (let i = 0; i < 5; i++) {
      guesses++
      await postJson(
        `${sim.url}/login/verify`,
        { email: VICTIM, code: String(i).padStart(6, '0') },
        {},
        ATTACKER,
      )
    }
  }
  expect(guesses).toBe(25)
})
