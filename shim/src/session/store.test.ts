import { CHAIN_IDS } from '@webwallet/protocol'
import { describe, expect, it } from 'vitest'
import { createKeyVault, memoryKeyStore } from '../storage/keyVault'
import { createStorage, memoryStorage } from '../storage/storage'
import { createSessionRequest, generateSessionKey, sessionAllowedMethods } from './request'
import { signedSession } from './signed'
import { getSessionStatus } from './status'
import { createSessionStore } from './store'

const ACCOUNT = '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'

function setup() {
  const backend = memoryStorage()
  const keys = memoryKeyStore()
  const store = createSessionStore(createStorage({ backend }), createKeyVault({ store: keys }))
  const request = createSessionRequest({
    appName: 'demo',
    allowedMethods: [{ contract: '0x123', selector: 'play' }],
    sessionKey: generateSessionKey(),
  })
  const active = signedSession(request, {
    address: ACCOUNT,
    chainId: CHAIN_IDS.SN_SEPOLIA,
    signature: ['0x1', '0x2'],
  })
  return { backend, keys, store, active }
}

describe('createSessionStore', () => {
  it('stores under "session" without the private key in plain text, and restores it', async () => {
    const { backend, store, active } = setup()
    await store.save(active)
    const raw = backend.getItem('session') ?? ''
    expect(raw).not.toContain(active.privateKey.slice(2))
    expect(JSON.parse(raw).sessionKey.privateKey).toMatch(/^aesgcm:/)
    const restored = await store.load()
    expect(restored?.privateKey).toBe(active.privateKey)
    expect(restored?.stored.address).toBe(active.stored.address)
  })

  it('clears a session whose sealed key was tampered with', async () => {
    const { backend, store, active } = setup()
    await store.save(active)
    const raw = JSON.parse(backend.getItem('session') ?? '{}')
    // Change its last character for sure (a fixed '00' ending left a key that already ended so untouched).
    const sealed: string = raw.sessionKey.privateKey
    raw.sessionKey.privateKey = `${sealed.slice(0, -1)}${sealed.endsWith('0') ? '1' : '0'}`
    backend.setItem('session', JSON.stringify(raw))
    expect(await store.load()).toBeUndefined()
    expect(backend.getItem('session')).toBeNull()
  })

  it('clears a session written with a plain-text key (what the anchor SDK stored)', async () => {
    const { backend, store, active } = setup()
    backend.setItem(
      'session',
      JSON.stringify({ ...active.stored, sessionKey: { publicKey: '0x1', privateKey: active.privateKey } }),
    )
    expect(await store.load()).toBeUndefined()
    expect(backend.getItem('session')).toBeNull()
  })

  // Issue 27: init deleted an app's own localStorage value under 'session'.
  it('never removes or overwrites a value under the key that is no session: the session stays in memory', async () => {
    const { backend, store, active } = setup()
    for (const foreign of ['{"allowedMethods": [', '"dark-mode"', JSON.stringify({ theme: 'dark' })]) {
      backend.setItem('session', foreign)
      expect(await store.load()).toBeUndefined()
      await store.save(active)
      store.clear()
      expect(backend.getItem('session')).toBe(foreign)
    }
  })

  it('clear removes the session', async () => {
    const { backend, store, active } = setup()
    await store.save(active)
    store.clear()
    expect(backend.getItem('session')).toBeNull()
  })
})

describe('a session too large for one storage value', () => {
  const GAME = (i: number) => `0x${(0xa11ce00n + BigInt(i)).toString(16).padStart(64, '0')}`
  const many = Array.from({ length: 70 }, (_, i) => ({ contract: GAME(i), selector: `level_${i}` }))

  async function stored(recomputeWith: typeof many) {
    const backend = memoryStorage()
    const vault = createKeyVault({ store: memoryKeyStore() })
    const request = createSessionRequest({
      appName: 'big',
      allowedMethods: many,
      sessionKey: generateSessionKey(),
    })
    const active = signedSession(request, {
      address: ACCOUNT,
      chainId: CHAIN_IDS.SN_SEPOLIA,
      signature: ['0x1', '0x2'],
    })
    const store = (methods: typeof many) =>
      createSessionStore(createStorage({ backend }), vault, undefined, () => [
        sessionAllowedMethods('big', methods, { feeTokenTransfers: false }),
        sessionAllowedMethods('big', methods),
      ])
    await store(many).save(active)
    return { raw: backend.getItem('session') ?? '', restored: await store(recomputeWith).load(), active }
  }

  it('stores the root of the allowed methods and rebuilds them from the options on load', async () => {
    const { raw, restored, active } = await stored(many)
    expect(raw.length).toBeLessThanOrEqual(4096)
    expect(JSON.parse(raw)).toMatchObject({
      allowedMethods: [],
      allowedMethodsRoot: expect.stringMatching(/^0x/),
    })
    expect(JSON.stringify(active.stored).length).toBeGreaterThan(4096)
    expect(restored?.stored).toEqual(active.stored)
    expect(getSessionStatus(restored!.stored, many, { now: 0 })).toBe('VALID')
  })

  it('restores no methods when the options no longer give them (INVALID_SCOPE: sign again)', async () => {
    const { restored } = await stored(many.slice(1))
    expect(restored?.stored.allowedMethods).toEqual([])
    expect(getSessionStatus(restored!.stored, many.slice(1), { now: 0 })).toBe('INVALID_SCOPE')
  })
})
