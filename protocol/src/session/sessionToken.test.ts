import { describe, expect, it } from 'vitest'
import { MismatchedContractAddressError, MismatchedSelectorError, UnalignedProofsError } from '../errors/sdk'
import { assertCallsAligned } from './alignCalls'
import { selectorFromName } from './felt'
import { DeserializeError } from './reader'
import { buildSession, sessionHash } from './session'
import {
  buildSessionToken,
  isSessionSignature,
  parseSessionToken,
  SESSION_MAGIC,
  serializeSessionToken,
  sessionMessageHash,
  sessionTokenSignature,
  signSessionMessage,
} from './sessionToken'
import {
  publicKeyOf,
  type StarknetSignerSignature,
  serializeSignerSignatures,
  signerGuid,
  signHash,
  verifySignerSignature,
} from './signer'

const account = '0x123abc'
const token = '0x49d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7'
const dapp = '0x5a0b1c'
const keys = { owner: '0x111', guardian: '0x222', session: '0x333' }
const session = buildSession({
  expiresAt: 1_900_000_000,
  allowedMethods: [
    { 'Contract Address': token, selector: 'transfer' },
    { 'Contract Address': dapp, selector: 'increase' },
  ],
  metadata: { projectID: 'test', txFees: [] },
  sessionPublicKey: publicKeyOf(keys.session),
})
const calls = [
  { contractAddress: dapp, entrypoint: 'increase' },
  { contractAddress: token, entrypoint: 'transfer' },
]

function makeToken(cacheAuthorization: boolean) {
  const hash = sessionHash(session, account, 'SN_SEPOLIA')
  const authorization = serializeSignerSignatures([signHash(hash, keys.owner), signHash(hash, keys.guardian)])
  const transactionHash = 0xdeadbeefn
  const message = { transactionHash, sessionHash: hash, cacheAuthorization }
  return buildSessionToken({
    session,
    calls,
    sessionAuthorization: authorization,
    sessionSignature: signSessionMessage({ ...message, sessionPrivateKey: keys.session }),
    guardianSignature: signSessionMessage({ ...message, sessionPrivateKey: keys.guardian }),
    cacheAuthorization,
  })
}

describe('session token', () => {
  it('round-trips through its Cairo serialisation', () => {
    for (const cache of [false, true]) {
      const built = makeToken(cache)
      const felts = serializeSessionToken(built)
      expect(felts[0]).toBe(SESSION_MAGIC)
      expect(felts[1]).toBe(session.expiresAt)
      expect(isSessionSignature(felts)).toBe(true)
      expect(parseSessionToken(felts)).toEqual(built)
    }
    const built = makeToken(false)
    const { session: _onChain, proofs: _proofs, ...signatures } = built
    expect(sessionTokenSignature({ ...signatures, session, calls })).toEqual(serializeSessionToken(built))
  })

  it('carries signatures over poseidon(tx_hash, session_hash, cache flag) by the session key and guardian', () => {
    const built = makeToken(true)
    const sessionSignature = built.sessionSignature as StarknetSignerSignature
    const hash = sessionMessageHash(0xdeadbeefn, sessionHash(session, account, 'SN_SEPOLIA'), true)
    expect(verifySignerSignature(hash, sessionSignature)).toBe(true)
    expect(verifySignerSignature(hash, built.guardianSignature)).toBe(true)
    expect(signerGuid(sessionSignature.signer)).toBe(session.sessionKeyGuid)
    const uncached = sessionMessageHash(0xdeadbeefn, sessionHash(session, account, 'SN_SEPOLIA'), false)
    expect(verifySignerSignature(uncached, sessionSignature)).toBe(false)
  })

  it('refuses trailing felts, truncation, a wrong magic value and unknown signer types', () => {
    const felts = serializeSessionToken(makeToken(false))
    expect(() => parseSessionToken([...felts, 0n])).toThrow(DeserializeError)
    expect(() => parseSessionToken(felts.slice(0, -1))).toThrow(DeserializeError)
    expect(() => parseSessionToken([1n, ...felts.slice(1)])).toThrow(DeserializeError)
    // A coded error too: a host that parses a token can branch on `code` like everywhere else.
    expect(() => parseSessionToken([...felts, 0n])).toThrow(
      expect.objectContaining({ code: 'VALIDATION', name: 'DeserializeError', message: 'Trailing felts' }),
    )
    const guardianVariant = felts.lastIndexOf(publicKeyOf(keys.guardian)) - 1
    const wrongType = felts.map((felt, index) => (index === guardianVariant ? 1n : felt))
    expect(() => parseSessionToken(wrongType)).toThrow(/signer type/)
    expect(isSessionSignature([])).toBe(false)
  })
})

describe('assertCallsAligned', () => {
  const messageCalls = calls.map((call) => ({
    To: call.contractAddress,
    Selector: selectorFromName(call.entrypoint),
  }))

  it('accepts the same calls in the same order', () => {
    expect(() => assertCallsAligned(messageCalls, calls)).not.toThrow()
  })

  it("throws the protocol's texts for count, address and selector mismatches", () => {
    expect(() => assertCallsAligned(messageCalls.slice(1), calls)).toThrow(UnalignedProofsError)
    expect(() => assertCallsAligned(messageCalls, [...calls].reverse())).toThrow(
      'mismatched contract address',
    )
    const wrongSelector = [calls[0]!, { contractAddress: token, entrypoint: 'approve' }]
    expect(() => assertCallsAligned(messageCalls, wrongSelector)).toThrow(MismatchedSelectorError)
    expect(() => assertCallsAligned(messageCalls, [...calls].reverse())).toThrow(
      MismatchedContractAddressError,
    )
  })
})
