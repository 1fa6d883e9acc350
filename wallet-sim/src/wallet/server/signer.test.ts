// The account's owner + guardian signature: the public keys remembered after the first signature are the ones
// the keys derive, for every key pair (the chain's checks verify them: contract.test.ts).
import { publicKeyOf, serializeSignerSignatures, signHash, toHex } from '@webwallet/protocol/session'
import { expect, it } from 'vitest'
import { signAsAccount } from './signer'

const expected = (hash: string, owner: string, guardian: string) =>
  serializeSignerSignatures([signHash(hash, owner), signHash(hash, guardian)]).map((felt) => toHex(felt))

it('signs as the keys derive, the first time and every later time, for each key pair', () => {
  const ann = { ownerPrivateKey: '0x1234', guardianPrivateKey: '0x5678' }
  const bob = { ownerPrivateKey: '0x9abc', guardianPrivateKey: '0xdef0' }
  for (const hash of ['0x1', '0x2']) {
    for (const keys of [ann, bob]) {
      const signature = signAsAccount(hash, keys)
      expect(signature).toEqual(expected(hash, keys.ownerPrivateKey, keys.guardianPrivateKey))
      expect(BigInt(signature[2] ?? 0)).toBe(publicKeyOf(keys.ownerPrivateKey))
      expect(BigInt(signature[6] ?? 0)).toBe(publicKeyOf(keys.guardianPrivateKey))
    }
  }
})
