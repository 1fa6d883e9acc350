import { CHAIN_IDS } from '@webwallet/protocol'
import {
  parseSessionToken,
  publicKeyOf,
  type StarknetSignerSignature,
  selectorFromName,
  serializeSignerSignatures,
  sessionHash,
  sessionMessageHash,
  signerGuid,
  signHash,
  toHex,
  verifySignerSignature,
} from '@webwallet/protocol/session'
import { typedData } from 'starknet'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createSessionRequest, generateSessionKey } from './request'
import { sessionSignature } from './signature'
import { signedSession } from './signed'
import { getSessionStatus } from './status'

const ACCOUNT = '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'
const CONTRACT = '0x000c0de000000000000000000000000000000000000000000000000000000001'
const OWNER_KEY = '0x5a5a5a'
const GUARDIAN_KEY = '0x6b6b6b'
const NOW = 1_800_000_000_000
const methods = [{ contract: CONTRACT, selector: 'increase_counter' }]

afterEach(() => {
  vi.restoreAllMocks()
})

function signed(now = NOW, validityDays = 30) {
  const request = createSessionRequest({
    appName: 'demo',
    allowedMethods: methods,
    validityDays,
    sessionKey: generateSessionKey(),
    now,
  })
  const hash = sessionHash(request.session, ACCOUNT, CHAIN_IDS.SN_SEPOLIA)
  const signature = serializeSignerSignatures([signHash(hash, OWNER_KEY), signHash(hash, GUARDIAN_KEY)]).map(
    toHex,
  )
  return {
    request,
    active: signedSession(request, { address: ACCOUNT, chainId: CHAIN_IDS.SN_SEPOLIA, signature }),
  }
}

describe('createSessionRequest', () => {
  it('builds typed data whose starknet.js hash is the session hash, with 30-day expiry in seconds and default metadata', () => {
    const { request, active } = signed()
    expect(request.typedData.domain.name).toBe('SessionAccount.session')
    expect(request.typedData.primaryType).toBe('Session')
    expect(request.session.expiresAt).toBe(BigInt(NOW / 1000 + 30 * 86_400))
    expect(JSON.parse(request.session.metadata)).toEqual({
      projectID: 'demo',
      txFees: [
        {
          tokenAddress: '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d',
          maxAmount: '10000000000000000000',
        },
        {
          tokenAddress: '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7',
          maxAmount: '100000000000000000',
        },
      ],
    })
    expect(BigInt(typedData.getMessageHash(request.typedData as never, ACCOUNT))).toBe(
      BigInt(active.stored.hash),
    )
    expect(BigInt(active.stored.sessionKeyGuid)).toBe(signerGuid(request.sessionKey.publicKey))
  })

  it('warns above 30 days but keeps the requested validity', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { request } = signed(NOW, 31)
    expect(warn).toHaveBeenCalledOnce()
    expect(request.session.expiresAt).toBe(BigInt(NOW / 1000 + 31 * 86_400))
    warn.mockClear()
    signed(NOW, 30)
    expect(warn).not.toHaveBeenCalled()
  })

  it('stores the chain id as hex whether the wallet answers a name or the felt', () => {
    const { request } = signed()
    const byName = signedSession(request, {
      address: ACCOUNT,
      chainId: 'SN_SEPOLIA',
      signature: ['0x1', '0x2'],
    })
    expect(byName.stored.chainId).toBe(CHAIN_IDS.SN_SEPOLIA)
    expect(byName.stored.address).toBe(ACCOUNT)
  })

  it('generates a fresh valid key pair each time', () => {
    const a = generateSessionKey()
    const b = generateSessionKey()
    expect(a.privateKey).not.toBe(b.privateKey)
    expect(publicKeyOf(a.privateKey)).toBe(BigInt(a.publicKey))
  })
})

describe('getSessionStatus', () => {
  it('is VALID for a consistent signed session', () => {
    const { active } = signed()
    expect(getSessionStatus(active.stored, methods, { now: NOW, privateKey: active.privateKey })).toBe(
      'VALID',
    )
  })

  it('follows the precedence EXPIRED > INVALID_SCOPE > INVALID_SIGNATURE > INVALID_SESSION', () => {
    const { active } = signed()
    const expiredAt = active.stored.expiresAt * 1000
    const broken = { ...active.stored, authorisationSignature: [], signature: [], hash: '0x1' }
    const other = [{ contract: CONTRACT, selector: 'other' }]
    expect(getSessionStatus(broken, other, { now: expiredAt })).toBe('EXPIRED')
    expect(getSessionStatus(broken, other, { now: NOW })).toBe('INVALID_SCOPE')
    expect(getSessionStatus(broken, methods, { now: NOW })).toBe('INVALID_SIGNATURE')
    expect(getSessionStatus({ ...active.stored, hash: '0x1' }, methods, { now: NOW })).toBe('INVALID_SESSION')
    expect(getSessionStatus(active.stored, methods, { now: expiredAt - 1 })).toBe('VALID')
  })

  it('is INVALID_SESSION for a wrong key, a forged signature or tampered methods', () => {
    const { active } = signed()
    const opts = { now: NOW }
    expect(getSessionStatus(active.stored, methods, { ...opts, privateKey: '0x99' })).toBe('INVALID_SESSION')
    const forged = [...active.stored.authorisationSignature]
    forged[3] = toHex(BigInt(forged[3]!) + 1n)
    expect(getSessionStatus({ ...active.stored, authorisationSignature: forged }, methods, opts)).toBe(
      'INVALID_SESSION',
    )
    const widened = [...active.stored.allowedMethods, { 'Contract Address': CONTRACT, selector: 'drain' }]
    expect(getSessionStatus({ ...active.stored, allowedMethods: widened }, methods, opts)).toBe(
      'INVALID_SESSION',
    )
  })

  it('matches required selectors by name or by hex selector and contracts by value', () => {
    const { active } = signed()
    const unpadded = CONTRACT.replace('0x000', '0x')
    const byHex = [{ contract: unpadded, selector: toHex(selectorFromName('increase_counter')) }]
    expect(getSessionStatus(active.stored, byHex, { now: NOW })).toBe('VALID')
    const otherContract = [{ contract: '0x2', selector: 'increase_counter' }]
    expect(getSessionStatus(active.stored, otherContract, { now: NOW })).toBe('INVALID_SCOPE')
  })
})

describe('sessionSignature', () => {
  it('builds a session token the account can parse, signed by the session key and the cosigner', async () => {
    const { active } = signed()
    const txHash = '0xabc123'
    const calls = [{ contractAddress: CONTRACT, entrypoint: 'increase_counter' }]
    const cosign = vi.fn(async () =>
      signHash(sessionMessageHash(txHash, active.stored.hash, false), GUARDIAN_KEY),
    )
    const felts = await sessionSignature(active, txHash, calls, cosign)
    const token = parseSessionToken(felts)
    const sessionSig = token.sessionSignature as StarknetSignerSignature
    const message = sessionMessageHash(txHash, active.stored.hash, false)
    expect(verifySignerSignature(message, sessionSig)).toBe(true)
    expect(sessionSig.signer).toBe(BigInt(active.stored.sessionKey.publicKey))
    expect(token.guardianSignature.signer).toBe(publicKeyOf(GUARDIAN_KEY))
    expect(token.proofs).toHaveLength(1)
    expect(cosign.mock.calls[0]?.[0 as never]).toMatchObject({
      sessionHash: active.stored.hash,
      cacheAuthorisation: false,
    })
  })

  it('refuses a call the session does not allow', async () => {
    const { active } = signed()
    await expect(
      sessionSignature(active, '0x1', [{ contractAddress: CONTRACT, entrypoint: 'drain' }], async () =>
        signHash(1n, GUARDIAN_KEY),
      ),
    ).rejects.toThrow('Call not allowed by the session: drain')
  })
})
