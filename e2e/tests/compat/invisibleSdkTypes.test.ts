// Issue 24: the same invisible-sdk app code type-checks against @argent/invisible-sdk 1.0.0's declarations
// and against @webwallet/shim/argent's built ones (compat/invisible-sdk/tsconfig.*.json). Its mistakes.ts
// holds calls both must refuse (`@ts-expect-error`): declarations looser than invisible-sdk's fail the check.
// Issue 35: app/demo.ts is Argent's invisible-sdk demo's code (deployAndExecuteWithPaymaster,
// SessionAccountInterface, estimateInvokeFee with `version: '0x3'`, a hex-string bound), checked against both;
// app11/ what invisible-sdk 1.1 added (`webwalletTheme`), against ours only.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { beforeAll, expect, it } from 'vitest'
import { compatDir, ROOT } from './page'

const TSC = `${ROOT}node_modules/typescript/bin/tsc`

function typeCheck(project: string) {
  const run = spawnSync('node', [TSC, '-p', `compat/invisible-sdk/${project}`], {
    cwd: ROOT,
    encoding: 'utf8',
  })
  return { status: run.status, output: `${run.stdout}${run.stderr}` }
}

beforeAll(() => {
  compatDir('invisible-sdk')
  if (!existsSync(`${ROOT}shim/dist/argent/index.d.ts`))
    throw new Error('shim/dist/argent is not built: run node scripts/build.mjs')
}, 240_000)

it.each([
  ['@argent/invisible-sdk 1.0.0', 'tsconfig.argent.json'],
  ['@webwallet/shim/argent', 'tsconfig.shim.json'],
])(
  'the app type-checks against %s',
  (_name, project) => {
    expect(typeCheck(project)).toEqual({ status: 0, output: '' })
  },
  120_000,
)
