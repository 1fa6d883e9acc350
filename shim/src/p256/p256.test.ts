// The P-256 session-key kind in Node's WebCrypto: its key cannot be exported, its public form names the
// WebAuthn signer the account and cosigner know, and what it signs recovers to that key for that message only.
import {
  FeltReader,
  fromBigEndian,
  isValidWebauthnRecovery,
  readWebauthnSignerSignature,
  WEBAUTHN_SIGNER_VARIANT,
  type WebauthnSignerSignature,
  webauthnAuthenticatorData,
  webauthnClientData,
  webauthnSignedBytes,
  webauthnSignerGuid,
} from '@webwallet/protocol/session'
import { describe, expect, it } from 'vitest'
import { memoryP256KeyStore, p256SessionKey, parseP256PublicKey } from '.'

const subtle = globalThis.crypto.subtle
const sha256 = async (bytes: Uint8Array) =>
  new Uint8Array(await subtle.digest('SHA-256', Uint8Array.from(bytes)))
const ORIGIN = 'http://localhost:5173'

async function signedHashOf(message: bigint, { webauthn, signature }: WebauthnSignerSignature) {
  const clientData = webauthnClientData(message, webauthn, signature)
  return fromBigEndian(
    await sha256(
      webauthnSignedBytes(webauthnAuthenticatorData(webauthn, signature), await sha256(clientData)),
    ),
  )
}

describe('p256SessionKey', () => {
  it('makes non-extractable keys whose signatures recover to the named signer, for their message only', async () => {
    const store = memoryP256KeyStore()
    const kind = p256SessionKey({ origin: ORIGIN, store })
    const key = await kind.generate()
    const signer = parseP256PublicKey(key.publicKey)
    expect(signer.origin).toBe(ORIGIN)
    expect(signer.rpIdHash).toBe(fromBigEndian(await sha256(new TextEncoder().encode('localhost'))))
    expect(kind.guid(key.publicKey)).toBe(webauthnSignerGuid(signer))
    // The private part the SDK stores is a reference; the key itself cannot be read by any script.
    expect(key.privateKey).toMatch(/^webcrypto:[0-9a-f]{32}$/)
    const cryptoKey = await store.get(key.privateKey.slice('webcrypto:'.length))
    expect(cryptoKey?.extractable).toBe(false)
    await expect(subtle.exportKey('pkcs8', cryptoKey!)).rejects.toThrow()
    await expect(subtle.exportKey('jwk', cryptoKey!)).rejects.toThrow()

    const message = 0x1234n
    const { felts, cosigner } = await kind.sign(key, message)
    expect(cosigner).toEqual({ type: 'Webauthn', signerSignature: felts.map((f) => `0x${f.toString(16)}`) })
    const reader = new FeltReader(felts)
    expect(reader.felt()).toBe(WEBAUTHN_SIGNER_VARIANT)
    const signed = readWebauthnSignerSignature(reader)
    reader.end()
    expect(signed.webauthn).toEqual(signer)
    expect(isValidWebauthnRecovery(await signedHashOf(message, signed), signer, signed.signature)).toBe(true)
    expect(isValidWebauthnRecovery(await signedHashOf(message + 1n, signed), signer, signed.signature)).toBe(
      false,
    )
  })

  it('refuses to sign with a key that is not on this device, or under another public key', async () => {
    const kind = p256SessionKey({ origin: ORIGIN, store: memoryP256KeyStore() })
    const key = await kind.generate()
    // Coded errors, as every SDK error: branch on `code`, the field in `data.issues[0].path`.
    const coded = (code: string, message: string, path?: string[]) =>
      expect.objectContaining({
        code,
        message,
        ...(path ? { data: { issues: [{ path, message }] } } : {}),
      })
    await expect(kind.sign({ ...key, privateKey: 'webcrypto:00' }, 1n)).rejects.toEqual(
      coded('VALIDATION', 'The P-256 session key is not on this device', ['privateKey']),
    )
    const other = await p256SessionKey({ origin: ORIGIN, store: memoryP256KeyStore() }).generate()
    await expect(kind.sign({ ...key, publicKey: other.publicKey }, 1n)).rejects.toEqual(
      coded('VALIDATION', 'The P-256 session key does not match its public key', ['publicKey']),
    )
    expect(() => parseP256PublicKey('0x1234')).toThrow(
      coded('VALIDATION', 'Not a P-256 session public key', ['publicKey']),
    )
    expect(() => p256SessionKey({ store: memoryP256KeyStore() })).toThrow(
      coded(
        'INVALID_OPTIONS',
        'Invalid option origin: p256SessionKey needs an origin outside a browser page',
      ),
    )
  })
})
