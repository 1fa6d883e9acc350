// Issue 35 item 3: a session @argent/invisible-sdk 1.0.0 stored (its x-sessions session under 'session', the
// key in the clear) is carried over by @webwallet/shim/argent's store without a new signature, and sealed.
import { CHAIN_IDS } from '@webwallet/protocol'
import { describe, expect, it, vi } from 'vitest'
import { carryInvisibleSdkKey } from '../argent/carry'
import { createKeyVault, memoryKeyStore } from '../storage/keyVault'
import { createStorage, memoryStorage } from '../storage/storage'
import { createSessionRequest, generateSessionKey } from './request'
import { signedSession } from './signed'
import { createSessionStore } from './store'

const ACCOUNT = '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'

function setup(carry = true) {
  const backend = memoryStorage()
  const discarded = vi.fn()
  const store = createSessionStore(
    createStorage({ backend }),
    createKeyVault({ store: memoryKeyStore() }),
    discarded,
    undefined,
    carry ? carryInvisibleSdkKey : undefined,
  )
  const active = signedSession(
    createSessionRequest({
      appName: 'demo',
      allowedMethods: [{ contract: '0x123', selector: 'play' }],
      sessionKey: generateSessionKey(),
    }),
    { address: ACCOUNT, chainId: CHAIN_IDS.SN_SEPOLIA, signature: ['0x1', '0x2'] },
  )
  // invisible-sdk 1.0.0's value: x-sessions' createSession fields, the key pair in the clear, its signature,
  // deployment payload and address (JSON.stringify of its SignedSession).
  const invisibleSdk = JSON.stringify({
    ...active.stored,
    sessionKey: { publicKey: active.stored.sessionKey.publicKey, privateKey: active.privateKey },
    deploymentPayload: {
      classHash: '0x1',
      constructorCalldata: ['0x2'],
      addressSalt: '0x3',
      contractAddress: ACCOUNT,
    },
  })
  return { backend, store, active, invisibleSdk, discarded }
}

describe('carrying over an invisible-sdk session', () => {
  it('takes the session with its key, seals the key and writes it back', async () => {
    const { backend, store, active, invisibleSdk } = setup()
    backend.setItem('session', invisibleSdk)
    const restored = await store.load()
    expect(restored?.privateKey).toBe(active.privateKey)
    expect(restored?.stored).toMatchObject({ address: ACCOUNT, hash: active.stored.hash })
    const rewritten = JSON.parse(backend.getItem('session') ?? '{}')
    expect(rewritten.sessionKey.privateKey).toMatch(/^aesgcm:/)
    expect(backend.getItem('session')).not.toContain(active.privateKey.slice(2))
    // Sealed now: the next load unseals it, with the same result.
    expect((await store.load())?.privateKey).toBe(active.privateKey)
  })

  it('removes one whose key in the clear is not the key the session names', async () => {
    const { backend, store, invisibleSdk, discarded } = setup()
    const value = JSON.parse(invisibleSdk)
    value.sessionKey.privateKey = '0x1234'
    backend.setItem('session', JSON.stringify(value))
    expect(await store.load()).toBeUndefined()
    expect(backend.getItem('session')).toBeNull()
    expect(discarded).toHaveBeenCalledWith(
      'its session key, stored in the clear, is not the key the session names',
    )
  })

  it('is off in the plain SDK: a key in the clear is never taken there', async () => {
    const { backend, store, invisibleSdk } = setup(false)
    backend.setItem('session', invisibleSdk)
    expect(await store.load()).toBeUndefined()
  })
})
