// The wallet page's stand-in for starknet.js (starknetHashes.ts, resolved for `starknet` by the page's build)
// answers exactly what starknet.js answers, for every input form protocol gives it; and it exports every name
// protocol's modules import from 'starknet', so the page's build can never lack one.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { ec as realEc, hash as realHash } from 'starknet'
import { describe, expect, it } from 'vitest'
import * as lite from './starknetHashes'

const PRIME = 2n ** 251n + 17n * 2n ** 192n + 1n
const felt = fc.bigInt({ min: 0n, max: PRIME - 1n })
const key = fc.bigInt({ min: 1n, max: 2n ** 250n })
/** What a signature covers: a hash below 2^251 (both libraries refuse more). */
const message = fc.bigInt({ min: 0n, max: 2n ** 251n - 1n })
const hex = (n: bigint) => `0x${n.toString(16)}`

describe('starknetHashes', () => {
  it('is compared with the real starknet.js (this test is not built with the page alias)', () => {
    expect(realEc).not.toBe(lite.ec)
    expect(realHash).not.toBe(lite.hash)
  })

  it('hashes as starknet.js: Pedersen, Poseidon of two and of many', () => {
    fc.assert(
      fc.property(felt, felt, fc.array(felt, { maxLength: 6 }), (a, b, many) => {
        expect(BigInt(lite.ec.starkCurve.pedersen(a, b))).toBe(BigInt(realEc.starkCurve.pedersen(a, b)))
        expect(lite.ec.starkCurve.poseidonHash(a, b)).toBe(realEc.starkCurve.poseidonHash(a, b))
        expect(lite.ec.starkCurve.poseidonHashMany(many)).toBe(realEc.starkCurve.poseidonHashMany(many))
      }),
      { numRuns: 12 },
    )
  }, 60_000)

  it('keccaks names and encoded types as starknet.js, any Unicode text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        expect(lite.hash.starknetKeccak(text)).toBe(realHash.starknetKeccak(text))
        expect(lite.hash.getSelectorFromName(text)).toBe(realHash.getSelectorFromName(text))
      }),
    )
  })

  it('derives keys, signs and verifies as starknet.js', () => {
    fc.assert(
      fc.property(key, message, (privateKey, hashed) => {
        const [priv, msg] = [hex(privateKey), hex(hashed)]
        const publicKey = lite.ec.starkCurve.getStarkKey(priv)
        expect(publicKey).toBe(realEc.starkCurve.getStarkKey(priv))
        const signature = lite.ec.starkCurve.sign(msg, priv)
        const real = realEc.starkCurve.sign(msg, priv)
        expect([signature.r, signature.s]).toEqual([real.r, real.s])
        const full = realEc.starkCurve.getPublicKey(priv)
        expect(lite.ec.starkCurve.verify(new lite.ec.starkCurve.Signature(real.r, real.s), msg, full)).toBe(
          true,
        )
      }),
      { numRuns: 4 },
    )
  }, 60_000)

  it("exports every name protocol's modules import from 'starknet'", () => {
    const root = join(import.meta.dirname, '../../../protocol/src')
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.includes('.test.') && !file.includes('testing'),
    )
    const imported = files.flatMap((file) =>
      [
        ...readFileSync(join(root, file), 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'starknet'/g),
      ].flatMap((match) => match[1]!.split(',').map((name) => name.trim().replace(/^type\s+/, ''))),
    )
    expect(imported.length).toBeGreaterThan(0)
    for (const name of imported.filter(Boolean)) expect(Object.keys(lite), name).toContain(name)
  })
})
