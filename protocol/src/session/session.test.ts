import fc from 'fast-check'
import { byteArray, hash, merkle, shortString as sn, typedData } from 'starknet'
import * as v8 from 'starknet-v8'
import { describe, expect, it, vi } from 'vitest'
import { allowedMethodsTree, isAllowedCall } from './allowedMethods'
import { hashByteArray } from './byteArray'
import { selectorFromName, toHex } from './felt'
import { merkleProof, merkleRoot, verifyMerkleProof } from './merkle'
import { buildSession, onChainSession, sessionHash, sessionTypedData } from './session'
import { publicKeyOf, signerGuid } from './signer'

const account = '0x4a1b2c3d4e5f60718293a4b5c6d7e8f90123456789abcdef0123456789abcde'
const tokenA = '0x49d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7'
const tokenB = '0x4718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const allowedMethods = [
  { 'Contract Address': tokenA, selector: 'transfer' },
  { 'Contract Address': tokenA, selector: 'approve' },
  { 'Contract Address': tokenB, selector: 'transfer' },
]
const metadata = { projectID: 'demo', txFees: [{ tokenAddress: tokenA, maxAmount: '10000000000000000000' }] }
const session = buildSession({
  expiresAt: 1_900_000_000n,
  allowedMethods,
  metadata,
  sessionPublicKey: publicKeyOf('0x1234567'),
})

describe('signerGuid', () => {
  it("is poseidon('Starknet Signer', pubkey)", () => {
    const pubkey = publicKeyOf('0xabc')
    const expected = hash.computePoseidonHash(sn.encodeShortString('Starknet Signer'), toHex(pubkey))
    expect(toHex(signerGuid(pubkey))).toBe(expected)
  })
})

describe('hashByteArray', () => {
  it('hashes the Cairo ByteArray serialisation, for any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (text) => {
        const bytes = byteArray.byteArrayFromString(text)
        const elements = [bytes.data.length, ...bytes.data, bytes.pending_word, bytes.pending_word_len]
        expect(toHex(hashByteArray(text))).toBe(hash.computePoseidonHashOnElements(elements))
      }),
      { numRuns: 50 },
    )
  })
})

describe('merkle', () => {
  it('matches starknet.js MerkleTree (poseidon) root and proofs, and verifies them', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 1n, max: 2n ** 250n }), { minLength: 1, maxLength: 9 }),
        (leaves) => {
          const hex = [...new Set(leaves)].map((leaf) => toHex(leaf))
          const distinct = hex.map(BigInt)
          const reference = new merkle.MerkleTree(hex, hash.computePoseidonHash)
          expect(toHex(merkleRoot(distinct))).toBe(toHex(BigInt(reference.root)))
          distinct.forEach((leaf, index) => {
            const proof = merkleProof(distinct, index)
            expect(proof.map(toHex)).toEqual(
              reference.getProof(hex[index]!, hex).map((p) => toHex(BigInt(p))),
            )
            expect(verifyMerkleProof(merkleRoot(distinct), leaf, proof)).toBe(true)
          })
        },
      ),
      { numRuns: 30 },
    )
  })

  it('rejects a proof for another leaf or a tampered sibling', () => {
    const leaves = [11n, 22n, 33n]
    const root = merkleRoot(leaves)
    const proof = merkleProof(leaves, 0)
    expect(verifyMerkleProof(root, 22n, proof)).toBe(false)
    expect(verifyMerkleProof(root, 11n, [proof[0]! + 1n, ...proof.slice(1)])).toBe(false)
  })
})

describe('allowedMethodsTree', () => {
  it('proves allowed calls and refuses others', () => {
    const tree = allowedMethodsTree(allowedMethods)
    const proof = tree.proofFor({ contractAddress: tokenB, entrypoint: 'transfer' })
    expect(isAllowedCall(tree.root, { to: tokenB, selector: selectorFromName('transfer') }, proof)).toBe(true)
    expect(isAllowedCall(tree.root, { to: tokenB, selector: selectorFromName('approve') }, proof)).toBe(false)
    expect(() => tree.proofFor({ contractAddress: tokenB, entrypoint: 'approve' })).toThrow(/not allowed/)
  })

  it('builds a list of methods once, whatever array carries it, and hands out proofs the caller may change', () => {
    const tree = allowedMethodsTree(allowedMethods)
    expect(allowedMethodsTree(allowedMethods.map((m) => ({ ...m })))).toBe(tree)
    expect(allowedMethodsTree(allowedMethods.slice(0, 1))).not.toBe(tree)
    const call = { contractAddress: tokenB, entrypoint: 'transfer' }
    const proof = tree.proofFor(call)
    proof.fill(0n)
    expect(tree.proofFor(call)).not.toEqual(proof)
    expect(
      isAllowedCall(tree.root, { to: tokenB, selector: selectorFromName('transfer') }, tree.proofFor(call)),
    ).toBe(true)
  })
})

describe('sessionHash', () => {
  it.each([
    ['starknet v10', typedData.getMessageHash],
    ['starknet v8', v8.typedData.getMessageHash],
  ])('equals the %s SNIP-12 hash of the session typed data', (_, getMessageHash) => {
    for (const chainId of ['0x534e5f5345504f4c4941', '0x534e5f4d41494e']) {
      const expected = getMessageHash(sessionTypedData(session, chainId), account)
      expect(toHex(sessionHash(session, account, chainId))).toBe(toHex(BigInt(expected)))
      expect(sessionHash(onChainSession(session), account, chainId)).toBe(BigInt(expected))
    }
  })

  it('accepts the chain id by name and changes with every session field', () => {
    const base = sessionHash(session, account, '0x534e5f5345504f4c4941')
    expect(sessionHash(session, account, 'SN_SEPOLIA')).toBe(base)
    expect(sessionHash({ ...session, expiresAt: session.expiresAt + 1n }, account, 'SN_SEPOLIA')).not.toBe(
      base,
    )
    expect(sessionHash({ ...session, metadata: '{}' }, account, 'SN_SEPOLIA')).not.toBe(base)
    expect(
      sessionHash({ ...session, allowedMethods: allowedMethods.slice(1) }, account, 'SN_SEPOLIA'),
    ).not.toBe(base)
    expect(sessionHash(session, tokenA, 'SN_SEPOLIA')).not.toBe(base)
  })
})

describe('buildSession without an expiry', () => {
  it('expires now + 10,000 ms (docs/protocol.md, Constants), in seconds', () => {
    vi.useFakeTimers({ now: 1_800_000_000_500 })
    try {
      const session = buildSession({ allowedMethods, metadata, sessionPublicKey: publicKeyOf('0x1234') })
      expect(session.expiresAt).toBe(1_800_000_011n)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('allowedMethodsTree without methods', () => {
  it('allows no call, with the coded error', () => {
    expect(() =>
      allowedMethodsTree([]).proofFor({ contractAddress: tokenA, entrypoint: 'transfer' }),
    ).toThrow(
      expect.objectContaining({
        code: 'CALL_NOT_ALLOWED',
        message: 'Call not allowed by the session: transfer',
      }),
    )
  })
})
