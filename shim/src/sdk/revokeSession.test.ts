// revokeSession() and logout() of the SDK, against doubles of the cosigner (fetch) and the wallet (the
// connector): what is sent, what is forgotten, and the coded errors when the service is not there.
import { CHAIN_IDS, type SessionSignRequest } from '@webwallet/protocol'
import {
  serializeSignerSignatures,
  sessionRevocationHash,
  signHash,
  toHex,
  verifySignerSignature,
} from '@webwallet/protocol/session'
import { typedData } from 'starknet'
import { describe, expect, it, vi } from 'vitest'
import { memoryKeyStore } from '../storage/keyVault'
import { memoryStorage } from '../storage/storage'
import { WebWallet } from './WebWallet'

const ACCOUNT = '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'
const GAME = '0xa11ce'
const BASE = 'http://cosigner.test'

function setup(options: { logout?: () => Promise<boolean>; answer?: () => Promise<Response> } = {}) {
  const connector = {
    ready: async () => true,
    connectAndSignSession: async (request: SessionSignRequest) => {
      const hash = typedData.getMessageHash(request.sessionTypedData as never, ACCOUNT)
      const signature = serializeSignerSignatures([signHash(hash, '0x5a'), signHash(hash, '0x6b')]).map(toHex)
      return { account: [ACCOUNT], chainId: CHAIN_IDS.SN_SEPOLIA, signature }
    },
    ...(options.logout ? { logout: vi.fn(options.logout) } : {}),
  }
  const fetch = vi.fn<typeof globalThis.fetch>(async (input) => {
    if (String(input) === `${BASE}/cosigner/revokeSession` && options.answer) return options.answer()
    throw new TypeError('fetch failed')
  })
  const wallet = WebWallet.init({
    appName: 'demo',
    sessionParams: { allowedMethods: [{ contract: GAME, selector: 'play' }] },
    connector,
    storage: memoryStorage(),
    keyStore: memoryKeyStore(),
    fetch,
    urls: { providerBaseUrl: BASE },
  })
  return { wallet, fetch, connector }
}

const revoked = () =>
  Promise.resolve(new Response(JSON.stringify({ sessionHash: '0x1', revoked: true }), { status: 200 }))

describe('revokeSession()', () => {
  it('asks the cosigner with the session key’s signature of the revocation, then forgets the session', async () => {
    const { wallet, fetch } = setup({ answer: revoked })
    const { account } = await wallet.requestConnection()
    const stored = wallet.exportSignedSession()!
    await wallet.revokeSession()
    const revocation = fetch.mock.calls.find(([url]) => String(url).endsWith('/cosigner/revokeSession'))
    const body = JSON.parse(String(revocation?.[1]?.body))
    expect(body.session).toMatchObject({
      sessionHash: stored.hash,
      sessionAuthorisation: stored.authorisationSignature,
    })
    const { publicKey, r, s } = body.session.sessionSignature.signer
    expect(publicKey).toBe(stored.sessionKey.publicKey)
    const message = sessionRevocationHash(stored.hash)
    expect(verifySignerSignature(message, { signer: BigInt(publicKey), r: BigInt(r), s: BigInt(s) })).toBe(
      true,
    )
    expect(wallet.sessionAccount).toBeUndefined()
    expect(wallet.getSessionStatus()).toBeUndefined()
    expect(await wallet.connect()).toBeUndefined()
    await expect(account.execute({ contractAddress: GAME, entrypoint: 'play' })).rejects.toMatchObject({
      code: 'SESSION_REVOKED',
      data: { reason: 'revoked' },
    })
  })

  it('the cosigner unreachable: SERVICE_UNREACHABLE naming it, with the cause, and the session stays', async () => {
    const { wallet } = setup()
    await wallet.requestConnection()
    const error = await wallet.revokeSession().catch((e: unknown) => e)
    expect(error).toMatchObject({
      code: 'SERVICE_UNREACHABLE',
      data: { service: 'cosigner', url: `${BASE}/cosigner/revokeSession` },
    })
    expect((error as Error).cause).toBeInstanceOf(TypeError)
    expect(wallet.getSessionStatus()).toBe('VALID')
  })

  it('a refusal: SESSION_REVOCATION_FAILED with its status, and the session stays', async () => {
    const refusal = { status: 'unknownSession', code: 'FORBIDDEN', message: 'no', messages: [] }
    const { wallet } = setup({ answer: async () => new Response(JSON.stringify(refusal), { status: 403 }) })
    await wallet.requestConnection()
    await expect(wallet.revokeSession()).rejects.toMatchObject({
      code: 'SESSION_REVOCATION_FAILED',
      data: { status: 'unknownSession' },
    })
    expect(wallet.getSessionStatus()).toBe('VALID')
  })

  it('without a session sends nothing; a wrong argument is INVALID_OPTIONS', async () => {
    const { wallet, fetch } = setup({ answer: revoked })
    await wallet.revokeSession()
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/cosigner/'))).toEqual([])
    await expect(wallet.revokeSession(null as never)).rejects.toMatchObject({ code: 'INVALID_OPTIONS' })
  })
})

describe('logout()', () => {
  it("ends the wallet's login through the connector and forgets the session", async () => {
    const { wallet, connector } = setup({ logout: async () => true })
    await wallet.requestConnection()
    expect(await wallet.logout()).toBe(true)
    expect(connector.logout).toHaveBeenCalledOnce()
    expect(wallet.sessionAccount).toBeUndefined()
  })

  it('the wallet unreachable: its error, and the session stays; a connector without logout: NOT_IMPLEMENTED', async () => {
    const down = Object.assign(new Error('Wallet not available'), { code: 'WALLET_NOT_AVAILABLE' })
    const { wallet } = setup({ logout: async () => Promise.reject(down) })
    await wallet.requestConnection()
    await expect(wallet.logout()).rejects.toBe(down)
    expect(wallet.getSessionStatus()).toBe('VALID')
    await expect(setup().wallet.logout()).rejects.toMatchObject({ code: 'NOT_IMPLEMENTED' })
  })
})
