// Each Starknet fact has one home, protocol/src/starknet/: no other source file of the repository writes
// the field prime, the STRK or ETH address, the wire-felt pattern or an address in Starknet's 64-digit form
// by hand (a private normaliser: protocol's toAddress and addressKey read and write it); they import it. Tests may write the
// literals (they check the home against the outside world); the files below may too, each for its reason.
// A cheap scan of the files git tracks, plus new ones not ignored.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'

const ROOT = join(import.meta.dirname, '..', '..', '..')
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
  // `0x` joined to 64 padded digits: how a hand-written address normaliser writes the address form. A key or a
  // curve point padded without `0x` is not one (signatures and P-256 write those).
  'address form': /0x\$\{[^`]*?\.padStart\(\s*64\b|['"]0x['"]\s*\+[^;\n]*\.padStart\(\s*64\b/,
}

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
  // Written before protocol's toAddress and addressKey (2026-11-29, issue 38 item 2); each moves onto them.
  'shim/src/session/signed.ts': { facts: ['address form'], reason: "to move onto protocol's toAddress" },
  'wallet-sim/src/chain/felt.ts': {
    facts: ['address form'],
    reason: "the chain's toAddress, protocol's twin",
  },
  'wallet-sim/src/services/backend/tokens.ts': { facts: ['address form'], reason: 'to move onto addressKey' },
  'wallet-sim/src/services/cosigner/fees.ts': { facts: ['address form'], reason: 'to move onto toAddress' },
  'wallet-sim/src/services/paymaster/relayer.ts': {
    facts: ['address form'],
    reason: 'to move onto toAddress',
  },
  'wallet-sim/src/wallet/fixtures.ts': {
    facts: ['address form'],
    reason: 'test fixtures: STRK_ADDRESS as is',
  },
  'wallet-sim/src/wallet/server/account.ts': { facts: ['address form'], reason: 'to move onto addressKey' },
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

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => SOURCE.test(f) && !TEST.test(f) && !f.endsWith('package-lock.json'))
  .filter((f) => existsSync(join(ROOT, f)) && statSync(join(ROOT, f)).isFile())

/** The facts a text writes. */
const factsIn = (text: string) =>
  Object.entries(FACTS)
    .filter(([, pattern]) => pattern.test(text))
    .map(([name]) => name)

describe('Starknet facts are written once, in protocol/src/starknet/', () => {
  test('the home writes every fact (so the patterns match what they look for)', () => {
    const home = HOME.map((file) => readFileSync(join(ROOT, file), 'utf8')).join('\n')
    expect(factsIn(home)).toEqual(Object.keys(FACTS))
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
    expect(factsIn(`const key = (a: string) => \`0x\${BigInt(a).toString(16).padStart(64, '0')}\``)).toEqual([
      'address form',
    ])
    expect(factsIn("return '0x' + felt.toString(16).padStart(64, '0')")).toEqual(['address form'])
    // A private key or a curve point padded without 0x is no address.
    expect(factsIn("sign(hash, key.toString(16).padStart(64, '0'))")).toEqual([])
    expect(factsIn(`Point.fromHex(\`02\${x.toString(16).padStart(64, '0')}\`)`)).toEqual([])
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
