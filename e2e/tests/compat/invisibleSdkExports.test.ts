// Issue 35 item 3: every export of @argent/invisible-sdk, read from the real package's declarations (1.0.0,
// compat/invisible-sdk: the newest release on npm), is exported by @webwallet/shim/argent (type-checked
// against its built declarations: a value as a value, a type as a type) or named below with the reason it is
// not, as docs/migrating.md lists them. 1.1 (which Argent's demo pins, ^1.1.0) is not on npm: what its demo
// uses beyond 1.0.0 is recorded here (`webwalletTheme`), and checked the same way.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { compatDir, ROOT } from './page'

const TSC = `${ROOT}node_modules/typescript/bin/tsc`

/** invisible-sdk 1.0.0's exports this entry does not provide, each with why (docs/migrating.md). */
const NOT_PROVIDED: Record<string, string> = {
  buildGiftCallData: 'gifts',
  calculateEscrowAddress: 'gifts',
  cancelGift: 'gifts',
  claimInternal: 'gifts',
  createDeposit: 'gifts',
  deposit: 'gifts',
  getEscrowAccount: 'gifts',
  simulateClaimInternal: 'gifts',
  AccountConstructorArguments: 'gifts',
  DepositParams: 'gifts',
  Gift: 'gifts',
  ETH_GIFT_MAX_FEE: 'gifts',
  STRK_GIFT_MAX_FEE: 'gifts',
  LegacyStarknetKeyPair: 'raw signers: the session key lives in the SDK',
  RawSigner: 'raw signers: the session key lives in the SDK',
  randomPrivateKey: 'raw signers: the session key lives in the SDK',
  storageService: "storage: the SDK's `storage` option",
  createSessionAccount: 'internals: the account comes from connect() / requestConnection()',
  executeWithPaymaster: "internals: the account's execute takes the paymaster route",
  getEstimatedFeesInGasToken: "internals: the account's execute takes the paymaster route",
  getNativeFees: "internals: the account's estimateInvokeFee",
  executeActionOnAccount: "internals: the account's execute",
  prependPaymasterTransfer: 'internals: the paymaster client',
  gaslessBaseUrls: "internals: the SDK's urls.paymaster",
  gasTokenAddress: "internals: the init's paymasterParams.tokenAddress",
  getMaxFee: 'internals: V1 fees; a session sends V3 only',
}

/** What invisible-sdk 1.1 added that its demo uses: init options, recorded (1.1 is not on npm). */
const V1_1_INIT_OPTIONS = { webwalletTheme: "'dark'" }

/** Exported names and whether each is a value (class, function, const, enum) or a type only. */
function exportsOf(declarations: string): Map<string, 'value' | 'type'> {
  const names = new Map<string, 'value' | 'type'>()
  const declared = /^export declare (?:abstract )?(class|function|const|enum|interface|type) (\w+)/gm
  for (const [, kind, name] of declarations.matchAll(declared))
    names.set(name ?? '', kind === 'interface' || kind === 'type' ? 'type' : 'value')
  // `export { X }` of an imported name: starknetkit's types (ApprovalRequest, WebWalletConnector).
  for (const [, list] of declarations.matchAll(/^export \{ ([\w, ]+) \}/gm))
    for (const name of (list ?? '').split(',').map((part) => part.trim()))
      if (name && !names.has(name)) names.set(name, 'type')
  return names
}

let dir: string
beforeAll(() => {
  compatDir('invisible-sdk')
  dir = mkdtempSync(join(tmpdir(), 'invisible-sdk-exports-'))
}, 240_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

it("exports every name of invisible-sdk 1.0.0's declarations, or names why not", () => {
  const declarations = readFileSync(
    `${ROOT}compat/invisible-sdk/node_modules/@argent/invisible-sdk/dist/index.d.ts`,
    'utf8',
  )
  const theirs = exportsOf(declarations)
  expect(theirs.size).toBeGreaterThan(40) // the declarations were read
  const expected = [...theirs].filter(([name]) => !(name in NOT_PROVIDED))
  const lines = [
    "import * as shim from '@webwallet/shim/argent'",
    ...expected.map(([name, kind]) =>
      kind === 'value'
        ? `export type Value_${name} = typeof shim.${name}`
        : `export type Type_${name} = shim.${name}`,
    ),
    // A name listed as not provided that the entry does export is a stale list.
    ...Object.keys(NOT_PROVIDED).map(
      (name) => `// @ts-expect-error not provided\nexport type Not_${name} = typeof shim.${name}`,
    ),
    ...Object.entries(V1_1_INIT_OPTIONS).map(
      ([option, value]) => `export const Option_${option}: shim.InitParams['${option}'] = ${value}`,
    ),
  ]
  writeFileSync(join(dir, 'exports.ts'), `${lines.join('\n')}\n`)
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'es2022',
        module: 'esnext',
        moduleResolution: 'bundler',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
        paths: { '@webwallet/shim/argent': [`${ROOT}shim/dist/argent/index.d.ts`] },
      },
      files: ['exports.ts'],
    }),
  )
  const run = spawnSync('node', [TSC, '-p', join(dir, 'tsconfig.json')], { cwd: ROOT, encoding: 'utf8' })
  expect(`${run.stdout}${run.stderr}`).toBe('')
  expect(run.status).toBe(0)
}, 120_000)
