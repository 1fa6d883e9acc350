import { CHAIN_IDS } from '@webwallet/protocol'
import { describe, expect, it } from 'vitest'
import { createKeyVault, memoryKeyStore } from '../storage/keyVault'
import { createStorage, memoryStorage } from '../storage/storage'
import { createSessionRequest, generateSessionKey } from './request'
import { signedSession } from './signed'
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
    raw.sessionKey.privateKey = `${raw.sessionKey.privateKey.slice(0, -2)}00`
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

  it('clears corrupted JSON and answers undefined', async () => {
    const { backend, store } = setup()
    backend.setItem('session', '{"allowedMethods": [')
    expect(await store.load()).toBeUndefined()
    expect(backend.getItem('session')).toBeNull()
  })

  it('clear removes the session', async () => {
    const { backend, store, active } = setup()
    await store.save(active)
    store.clear()
    expect(backend.getItem('session')).toBeNull()
  })
})
