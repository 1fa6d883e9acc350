// Each Starknet fact has one home, protocol/src/starknet/: no other source file of the repository writes
// the field prime, the STRK or ETH address, the wire-felt pattern or an address in Starknet's 64-digit form
// by hand (a private normaliser: protocol's toAddress and addressKey read and write it); they import it. Nor a
// private hex writer: a key function `0x${BigInt(x).toString(16)}` or a lambda or function that is only
// `0x${x.toString(16)}` (protocol's toHex writes it; addressKey is the key of an address). Nor a hand-written
// felt-hex pattern (0x and 1 to 64 hex digits: isHexFelt reads it) or hex-or-decimal integer pattern (integerOf).
// Inline hex in a message or a signature's r and s is not caught. Tests may write the literals (they check the home against
// the outside world); the files below may too, each for its reason.
// A cheap scan of the files git tracks, plus new ones not ignored.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { namesMatching, ROOT, trackedFiles } from './sourceScan'

/** The home: the field prime, the fee tokens, the felt helpers and the wire-felt pattern, one module each. */
const HOME = [
  'protocol/src/starknet/field.ts',
  'protocol/src/starknet/tokens.ts',
  'protocol/src/starknet/felt.ts',
  'protocol/src/starknet/address.ts',
]

/** Each fact as any file may spell it: hex in either case and padding, a bigint literal, the formula. */
const FACTS: Record<string, RegExp> = {
  'STRK address': /4718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d/i,
  'ETH address': /49d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7/i,
  'field prime': new RegExp(
    [
      '800000000000011000000000000000000000000000000000000000000000001',
      '3618502788666131213697322783095070105623107215331596699973092056135872020481',
      String.raw`2n?\s*\*\*\s*251n?\s*\+\s*17n?\s*\*\s*2n?\s*\*\*\s*192n?`,
    ].join('|'),
    'i',
  ),
  'wire-felt pattern': /\[0-9a-fA-F\]\{1,64\}\|\[0-9\]\{1,78\}/,
  // 0x (or 0[xX]), a class of hex digits in any spelling, 1 to 64 of them: a private isHexFelt. An L1 address's
  // {1,40}, a padded {64} and an unbounded + are other facts.
  'felt-hex pattern': /0(?:[xX]|\[xX\]|\[Xx\])\[[\\\w-]+\]\{[01],64\}/,
  // Hex or decimal digits, unbounded, as BigInt reads them: a private integerOf.
  'integer pattern': /0(?:[xX]|\[xX\]|\[Xx\])\[[\\\w-]+\]\+\s*\|\s*(?:\[0-9\]|\\{1,2}d)\+/,
  // `0x` joined to 64 padded digits: how a hand-written address normaliser writes the address form. A key or a
  // curve point padded without `0x` is not one (signatures and P-256 write those).
  'address form': /0x\$\{[^`]*?\.padStart\(\s*64\b|['"]0x['"]\s*\+[^;\n]*\.padStart\(\s*64\b/,
  // Hex of whatever BigInt reads, unpadded: a map key or comparison form of its own (addressKey, or toHex).
  'unpadded key':
    /`0x\$\{BigInt\([^`]*?\)\.toString\(16\)\}`|['"]0x['"]\s*\+\s*BigInt\([^;\n]*?\)\.toString\(16\)/,
  // A lambda or a function whose whole body is the hex of its parameter: a private toHex.
  'hex writer': new RegExp(
    [
      String.raw`(?:\(\s*\w+\s*(?::\s*\w+\s*)?\)|\b\w+)\s*(?::\s*string\s*)?=>\s*(?:\`0x\$\{\w+\.toString\(16\)\}\`|['"]0x['"]\s*\+\s*\w+\.toString\(16\)\s*[,;)\n])`,
      String.raw`function\s+\w+\s*\([^)]*\)[^{]*\{\s*return\s+(?:\`0x\$\{\w+\.toString\(16\)\}\`|['"]0x['"]\s*\+\s*\w+\.toString\(16\))\s*;?\s*\}`,
    ].join('|'),
  ),
}
/** Spellings of a helper the home writes another way (addressKey reads any spelling): not looked for in it. */
const NOT_IN_HOME = ['unpadded key']

/** Files outside the home that may write a fact, and why. */
const ALLOWED: Record<string, { facts: string[]; reason: string }> = {
  'protocol/src/schemas/address.ts': {
    facts: ['address form'],
    reason: "normalizeAddress: the address schemas' output from a string their rules already read as 0x hex",
  },
  'wallet-sim/src/infra/http/schemas.ts': {
    facts: ['address form'],
    reason: "the HTTP schemas' output from a string their rule already read as 0x hex",
  },
  'wallet-sim/src/rpc/messages.ts': {
    facts: ['address form'],
    reason: 'an L1 transaction hash in its 64-digit form, not an address',
  },
  'compat/invisible-sdk/app/app.ts': {
    facts: ['STRK address'],
    reason: 'a dapp written against @argent/invisible-sdk alone, installed outside the workspaces',
  },
  'compat/invisible-sdk/app/demo.ts': {
    facts: ['ETH address'],
    reason: 'a dapp written against @argent/invisible-sdk alone, installed outside the workspaces',
  },
  'examples/contracts/artifacts/counter.compiled_contract_class.json': {
    facts: ['field prime'],
    reason: "the Cairo compiler's recorded output, which names the prime it compiled for",
  },
}

const SOURCE = /\.(ts|tsx|mts|cts|mjs|js|cjs|cairo|json|jsonc)$/
const TEST = /\.test(-d)?\.tsx?$/

const files = trackedFiles((f) => SOURCE.test(f) && !TEST.test(f) && !f.endsWith('package-lock.json'))

/** The facts a text writes. */
const factsIn = (text: string) => namesMatching(FACTS, text)

describe('Starknet facts are written once, in protocol/src/starknet/', () => {
  test('the home writes every fact (so the patterns match what they look for)', () => {
    const home = HOME.map((file) => readFileSync(join(ROOT, file), 'utf8')).join('\n')
    expect(factsIn(home)).toEqual(Object.keys(FACTS).filter((fact) => !NOT_IN_HOME.includes(fact)))
  })

  test('the patterns find other spellings of the facts', () => {
    expect(factsIn('const P = 2n ** 251n + 17n * 2n ** 192n + 1n')).toEqual(['field prime'])
    expect(factsIn('prime: "0x0800000000000011000000000000000000000000000000000000000000000001"')).toEqual([
      'field prime',
    ])
    expect(factsIn('0x4718F5A0FC34CC1AF16A1CDEE98FFB20C31F5CD61D6AB07201858F4287C938Dn')).toEqual([
      'STRK address',
    ])
    expect(factsIn('const a = 0x1234')).toEqual([])
    expect(factsIn('if (!/^0x[0-9a-fA-F]{1,64}$/.test(key)) throw')).toEqual(['felt-hex pattern'])
    expect(factsIn('const HASH = /^0x[0-9a-f]{1,64}$/i')).toEqual(['felt-hex pattern'])
    expect(factsIn('const HEX = /^0[xX][a-fA-F0-9]{1,64}$/')).toEqual(['felt-hex pattern'])
    expect(factsIn('/^0X[\\dA-F]{0,64}$/i.test(value)')).toEqual(['felt-hex pattern'])
    expect(factsIn("new RegExp('^0x[\\\\da-f]{1,64}$', 'i')")).toEqual(['felt-hex pattern'])
    expect(factsIn('z.regex(/^(0x[0-9a-fA-F]+|[0-9]+)$/)')).toEqual(['integer pattern'])
    expect(factsIn('/^(0X[\\da-f]+|\\d+)$/i')).toEqual(['integer pattern'])
    // An L1 address, a padded hash, any hex and a decimal alone are other facts.
    expect(factsIn('/^0x[0-9a-fA-F]{1,40}$/.test(v)')).toEqual([])
    expect(factsIn('expect(address).toMatch(/^0x[0-9a-f]{64}$/)')).toEqual([])
    expect(factsIn('/^0x[0-9a-fA-F]+$/.test(selector)')).toEqual([])
    expect(factsIn('/^\\d{1,78}$/')).toEqual([])
    expect(factsIn(`const key = (a: string) => \`0x\${BigInt(a).toString(16).padStart(64, '0')}\``)).toEqual([
      'address form',
    ])
    expect(factsIn("return '0x' + felt.toString(16).padStart(64, '0')")).toEqual(['address form'])
    // A private key or a curve point padded without 0x is no address.
    expect(factsIn("sign(hash, key.toString(16).padStart(64, '0'))")).toEqual([])
    expect(factsIn(`Point.fromHex(\`02\${x.toString(16).padStart(64, '0')}\`)`)).toEqual([])
    expect(factsIn(`const key = (felt: bigint | string) => \`0x\${BigInt(felt).toString(16)}\``)).toEqual([
      'unpadded key',
    ])
    expect(factsIn("if (a === '0x' + BigInt(b).toString(16)) return")).toEqual(['unpadded key'])
    expect(factsIn(`const hex = (value: bigint) => \`0x\${value.toString(16)}\``)).toEqual(['hex writer'])
    expect(factsIn(`const h = (x: bigint): string => \`0x\${x.toString(16)}\``)).toEqual(['hex writer'])
    expect(factsIn(`values.map((n) => \`0x\${n.toString(16)}\`)`)).toEqual(['hex writer'])
    expect(factsIn("values.map(n => '0x' + n.toString(16))")).toEqual(['hex writer'])
    expect(factsIn(`function hex(x) {\n  return \`0x\${x.toString(16)}\`\n}`)).toEqual(['hex writer'])
    // Hex inside a message or of an expression is no private writer; nor is a signature's r and s.
    expect(factsIn(`throw new Error(\`no selector 0x\${selector.toString(16)}\`)`)).toEqual([])
    expect(factsIn(`const address = (i: number) => \`0x\${(0x5a1e0000 + i).toString(16)}\``)).toEqual([])
    expect(
      factsIn(`return [\`0x\${signature.r.toString(16)}\`, \`0x\${signature.s.toString(16)}\`]`),
    ).toEqual([])
  })

  test('no other source file writes one, except those allowed with a reason', () => {
    const found: Record<string, string[]> = {}
    for (const file of files) {
      if (HOME.includes(file) || file === 'e2e/tests/scripts/starknetFacts.test.ts') continue
      const facts = factsIn(readFileSync(join(ROOT, file), 'utf8'))
      if (facts.length > 0) found[file] = facts
    }
    const allowed = Object.fromEntries(Object.entries(ALLOWED).map(([file, { facts }]) => [file, facts]))
    // An allowed file that no longer writes its fact fails too: the list only shrinks.
    expect(found).toEqual(allowed)
  })
})
