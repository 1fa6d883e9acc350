// Login denial: anyone may ask for a code for any e-mail. Someone else's requests must neither void the
// user's pending code, nor spend its tries, nor (from a few addresses) hold back the user's own requests;
// guessing stays bounded per client and per e-mail.
import { addressKey } from '@webwallet/protocol'
import { describe, expect, it } from 'vitest'
import { createInbox } from '../dev/inbox'
import { LoginService } from './LoginService'
import { MAX_PENDING_CODES_PER_EMAIL } from './limits'
import { SERVER_SLOT } from './state'

const VICTIM = 'victim@example.com'
const VICTIM_IP = '198.51.100.7'
const ATTACKER_IP = '203.0.113.66'

function service(limits: ConstructorParameters<typeof LoginService>[0]['limits'] = {}) {
  const clock = { wall: 1_700_000_000_000 }
  const inbox = createInbox({ now: () => clock.wall })
  let n = 0
  const login = new LoginService({
    inbox,
    logger: { info: () => {} },
    accounts: {
      createAccountFor: (ownerPublicKey) => ({
        address: addressKey(`0x${++n}`),
        classHash: '0xc1a55',
        salt: ownerPublicKey,
        constructorCalldata: [],
      }),
    },
    fund: () => {},
    clock: () => clock.wall,
    limits,
  })
  const latestCode = () => inbox.latest(VICTIM)?.code ?? ''
  return { login, clock, inbox, latestCode }
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return (error as Error).message
  }
  return undefined
}

describe("someone else's code requests", () => {
  it('leave the pending code of the user valid: 10 requests from another client, then the user logs in', async () => {
    const { login, inbox, latestCode } = service()
    login.requestCode(VICTIM, VICTIM_IP)
    const mine = latestCode()
    let sent = 0
    for (let i = 0; i < 10; i++)
      if (refusal(() => login.requestCode(VICTIM, ATTACKER_IP)) === undefined) sent++
    // One client gets 5 codes per e-mail: the rest of its requests were refused, not the user's.
    expect(sent).toBe(5)
    expect(latestCode()).not.toBe(mine)
    // Each mail says where its request came from, so the user enters the code of their own.
    expect(inbox.latest(VICTIM)?.text).toContain(
      `Requested from ${ATTACKER_IP}; if that was not you, ignore this mail`,
    )
    const { user } = await login.verify(VICTIM, mine, VICTIM_IP)
    expect(user.email).toBe(VICTIM)
  })

  it("never hold back the user's own requests from one address (or five)", () => {
    const { login } = service()
    for (let a = 1; a <= 5; a++)
      for (let i = 0; i < 10; i++) refusal(() => login.requestCode(VICTIM, `203.0.113.${a}`))
    expect(refusal(() => login.requestCode(VICTIM, VICTIM_IP))).toBeUndefined()
  })

  it('are bounded per e-mail over all clients: the sixth address is refused within the window', () => {
    const { login, clock } = service()
    for (let a = 1; a <= 6; a++)
      for (let i = 0; i < 5; i++) refusal(() => login.requestCode(VICTIM, `203.0.113.${a}`))
    expect(refusal(() => login.requestCode(VICTIM, '203.0.113.7'))).toBe(
      'Too many login codes for this e-mail from all clients; try again in 600 s',
    )
    clock.wall += 600_000
    expect(refusal(() => login.requestCode(VICTIM, VICTIM_IP))).toBeUndefined()
  })
})

describe('wrong guesses', () => {
  it("spend only the guessing client's code: another client's guesses never lock the user out", async () => {
    const { login, latestCode } = service()
    login.requestCode(VICTIM, VICTIM_IP)
    const mine = latestCode()
    // Without a code of its own the attacker's guesses reach no code at all.
    await expect(login.verify(VICTIM, wrong(mine), ATTACKER_IP)).rejects.toThrow(
      'No login code pending for this e-mail; request a new one',
    )
    login.requestCode(VICTIM, ATTACKER_IP)
    for (let i = 0; i < 10; i++) await login.verify(VICTIM, wrong(mine), ATTACKER_IP).catch(() => {})
    // The attacker cannot enter the user's code either: it is checked against the attacker's own code only.
    await expect(login.verify(VICTIM, mine, ATTACKER_IP)).rejects.toThrow(
      'Too many wrong codes; request a new one',
    )
    expect((await login.verify(VICTIM, mine, VICTIM_IP)).user.email).toBe(VICTIM)
  })

  it('are bounded per client and e-mail: 5 codes of 5 tries in 10 minutes', async () => {
    const { login, latestCode } = service()
    let guesses = 0
    for (;;) {
      if (refusal(() => login.requestCode(VICTIM, ATTACKER_IP)) !== undefined) break
      const code = latestCode()
      for (let i = 0; i < 5; i++) {
        guesses++
        await expect(login.verify(VICTIM, wrong(code), ATTACKER_IP)).rejects.toThrow()
      }
      await expect(login.verify(VICTIM, code, ATTACKER_IP)).rejects.toThrow('Too many wrong codes')
    }
    expect(guesses).toBe(25)
  })

  it("a client's new code replaces only its own pending code", async () => {
    const { login, latestCode } = service()
    login.requestCode(VICTIM, VICTIM_IP)
    const first = latestCode()
    login.requestCode(VICTIM, VICTIM_IP)
    await expect(login.verify(VICTIM, first, VICTIM_IP)).rejects.toThrow('Wrong code; 4 tries left')
    expect((await login.verify(VICTIM, latestCode(), VICTIM_IP)).user.email).toBe(VICTIM)
  })
})

describe('pending codes', () => {
  it("the server's own codes (--email, tests) may be entered by any client, in-process too", async () => {
    const { login, latestCode } = service()
    login.start(VICTIM)
    expect((await login.verify(VICTIM, latestCode(), ATTACKER_IP)).user.email).toBe(VICTIM)
    login.start(VICTIM)
    expect((await login.verify(VICTIM, latestCode())).user.email).toBe(VICTIM)
  })

  it('are bounded per e-mail without rate limits, the oldest dropped first', () => {
    const off = { max: Number.POSITIVE_INFINITY, windowMs: 0 }
    const { login } = service({ codesPerEmailAndClient: off, codesPerEmail: off, codesPerClient: off })
    for (let i = 0; i < MAX_PENDING_CODES_PER_EMAIL + 10; i++)
      login.requestCode(VICTIM, `10.0.${i >> 8}.${i & 255}`)
    const slots = Object.keys(login.snapshot().codes[VICTIM] ?? {})
    expect(slots).toHaveLength(MAX_PENDING_CODES_PER_EMAIL)
    expect(slots[0]).toBe('10.0.0.10')
  })

  it('load from a state saved with one code per e-mail, as a code any client may enter', async () => {
    const { login, clock, latestCode } = service()
    login.start(VICTIM)
    const code = latestCode()
    const saved = login.snapshot()
    const legacy = { ...saved, codes: { [VICTIM]: saved.codes[VICTIM]?.[SERVER_SLOT] } }
    const restored = new LoginService({
      inbox: createInbox(),
      logger: { info: () => {} },
      accounts: {
        createAccountFor: () => ({ address: '0x1', classHash: '0x1', salt: '0x1', constructorCalldata: [] }),
      },
      fund: () => {},
      clock: () => clock.wall,
      state: JSON.parse(JSON.stringify(legacy)),
    })
    expect((await restored.verify(VICTIM, code, VICTIM_IP)).user.email).toBe(VICTIM)
  })
})
