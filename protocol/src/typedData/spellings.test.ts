// Property tests over every spelling starknet.js accepts: the canonical reader hashes as starknet.js v10 and
// v8 do, and two spellings of the same felts give the same tree, classification, view and text-only decision.
import fc from 'fast-check'
import { typedData as v10 } from 'starknet'
import { typedData as v8 } from 'starknet-v8'
import { describe, expect, it } from 'vitest'
import { selectorFromName } from '../session/felt'
import { classifyTypedData } from './classify'
import { readTypedData } from './readTypedData'
import { respellTypedData } from './respell'
import { outsideExecutionV1, outsideExecutionV2, type Shape, session, textMessage } from './testing/shapes'
import { numberSpellings } from './testing/spellings'
import { textOnlyProof } from './textOnly'
import type { CanonicalNode } from './tree'

const ACCOUNT = '0x3fe8e4571772bbe0065e271686bd655efd1365a5d6858981e582f82f2c10313'

/** Everything the wallet derives from typed data, as comparable values. */
function decisions(typedData: Record<string, unknown>) {
  const canonical = readTypedData(typedData)
  return {
    hash: canonical.messageHash(ACCOUNT),
    domain: canonical.domain,
    message: canonical.message,
    kind: classifyTypedData(canonical),
    proof: textOnlyProof(canonical),
    respelled: respellTypedData(typedData as never, canonical),
  }
}

/** Every number the canonical spelling writes (not a short string) reads back with BigInt as its felt. */
function numbersRead(node: CanonicalNode, json: unknown): void {
  if (node.kind === 'struct')
    for (const field of node.fields) numbersRead(field.node, (json as Record<string, unknown>)[field.name])
  else if (node.kind === 'array' || node.kind === 'merkletree') {
    const items = node.kind === 'array' ? node.items : node.leaves
    for (const [i, item] of items.entries()) numbersRead(item, (json as unknown[])[i])
  } else if (node.kind === 'felt' && node.type !== 'shortstring' && node.type !== 'i128')
    expect(BigInt(json as string)).toBe(node.felt)
  else if (node.kind === 'selector')
    expect(/^0x/.test(json as string) ? BigInt(json as string) : selectorFromName(json as string)).toBe(
      node.felt,
    )
}

const twoSpellings = <M>(shape: Shape<M>) =>
  shape.model.chain((model) => fc.tuple(shape.spell(model), shape.spell(model)))

describe.each([
  ['outside execution v2', outsideExecutionV2, 'outsideExecution', 10],
  ['outside execution v1 (revision 0)', outsideExecutionV1, 'outsideExecution', 3],
  ['session', session, 'session', 10],
  ['text-only message', textMessage, 'message', 12],
] as const)('%s, every spelling', (_name, shape: Shape<unknown>, kind, numRuns) => {
  it('hashes as starknet.js v10 and v8, and two spellings of the same felts decide the same', () => {
    fc.assert(
      fc.property(twoSpellings(shape), ([a, b]) => {
        const first = decisions(a)
        expect(first.hash).toBe(BigInt(v10.getMessageHash(a as never, ACCOUNT)))
        expect(first.hash).toBe(BigInt(v8.getMessageHash(a as never, ACCOUNT)))
        expect(first.kind.kind).toBe(kind)
        expect(first.proof.textOnly).toBe(kind === 'message')
        // The canonical spelling hashes the same: what downstream code reads is what is signed.
        expect(BigInt(v10.getMessageHash(first.respelled as never, ACCOUNT))).toBe(first.hash)
        numbersRead(first.message, first.respelled.message)
        // The same felts, the same decisions; the canonical spelling differs only where a selector was named.
        const { respelled: _a, ...same } = first
        const { respelled: _b, ...second } = decisions(b)
        expect(second).toEqual(same)
      }),
      { numRuns },
    )
    // Revision 0 hashes with Pedersen (milliseconds each, five hashes a run): few runs, time to finish them.
  }, 60_000)
})

describe('numbers BigInt reads', () => {
  it('every spelling of a u128 is read as the number, as starknet.js hashes it', () => {
    fc.assert(
      fc.property(
        fc
          .bigInt({ min: 0n, max: 2n ** 128n - 1n })
          .chain((n) => fc.tuple(fc.constant(n), numberSpellings(n))),
        ([n, spelled]) => {
          const typedData = {
            types: {
              StarknetDomain: [
                { name: 'name', type: 'shortstring' },
                { name: 'revision', type: 'shortstring' },
              ],
              Amount: [{ name: 'value', type: 'u128' }],
            },
            primaryType: 'Amount',
            domain: { name: 'x', revision: '1' },
            message: { value: spelled },
          }
          const canonical = readTypedData(typedData)
          expect(canonical.message.fields[0]?.node.felt).toBe(n)
          expect(canonical.messageHash(ACCOUNT)).toBe(BigInt(v10.getMessageHash(typedData as never, ACCOUNT)))
        },
      ),
      { numRuns: 60 },
    )
  })
})
