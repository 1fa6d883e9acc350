import { describe, expect, it } from 'vitest'
import { createKeyVault, memoryKeyStore } from './keyVault'

describe('createKeyVault', () => {
  it('round-trips a secret and never shows it in the sealed text', async () => {
    const vault = createKeyVault({ store: memoryKeyStore() })
    const secret = '0x1234abcd5678ef'
    const sealed = await vault.seal(secret)
    expect(sealed).toMatch(/^aesgcm:[0-9a-f]{24}:[0-9a-f]+$/)
    expect(sealed).not.toContain('1234abcd5678ef')
    expect(await vault.open(sealed)).toBe(secret)
  })

  it('uses a non-extractable key kept in the store', async () => {
    const store = memoryKeyStore()
    await createKeyVault({ store }).seal('x')
    const key = await store.get()
    expect(key?.extractable).toBe(false)
    await expect(crypto.subtle.exportKey('raw', key as CryptoKey)).rejects.toThrow()
  })

  it('rejects a tampered ciphertext', async () => {
    const vault = createKeyVault({ store: memoryKeyStore() })
    const sealed = await vault.seal('secret')
    const last = sealed.at(-1) === '0' ? '1' : '0'
    const notSealed = { code: 'VALIDATION', message: 'Not a sealed secret' }
    // Tampering fails the decryption: coded, with WebCrypto's error as cause.
    const tampered = await vault.open(sealed.slice(0, -1) + last).catch((e: unknown) => e)
    expect(tampered).toMatchObject(notSealed)
    expect((tampered as Error).cause).toBeInstanceOf(Error)
    for (const text of ['0x1234', 'aesgcm:zz:00', 'aesgcm:0:00']) {
      await expect(vault.open(text)).rejects.toMatchObject(notSealed)
    }
  })

  it('cannot open what another vault (another key) sealed (VALIDATION, the reason as cause)', async () => {
    const sealed = await createKeyVault({ store: memoryKeyStore() }).seal('secret')
    const error = await createKeyVault({ store: memoryKeyStore() })
      .open(sealed)
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'VALIDATION', message: 'Not a sealed secret' })
    expect((error as Error).cause).toMatchObject({ message: 'No wrapping key' })
  })

  it('a second vault over the same store opens the first one’s secrets (page reload)', async () => {
    const store = memoryKeyStore()
    const sealed = await createKeyVault({ store }).seal('secret')
    expect(await createKeyVault({ store }).open(sealed)).toBe('secret')
  })
})
