// Issue 35: a TypeScript starknet-react 5 app (create-starknet's template style) puts the shim's connectors in
// StarknetConfig's `connectors` without `as never`: compat/starknet-react/types/app.tsx type-checks against
// @starknet-react/core 5.0.3's own declarations, the shim's built ones and the app's starknet.js v8.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { beforeAll, expect, it } from 'vitest'
import { compatDir, ROOT } from './page'

const TSC = `${ROOT}node_modules/typescript/bin/tsc`

beforeAll(() => {
  compatDir('starknet-react')
  if (!existsSync(`${ROOT}shim/dist/react/index.d.ts`))
    throw new Error('shim/dist/react is not built: run node scripts/build.mjs')
}, 240_000)

it('the connectors are starknet-react Connectors, no cast', () => {
  const run = spawnSync('node', [TSC, '-p', 'compat/starknet-react/types/tsconfig.json'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
  expect({ status: run.status, output: `${run.stdout}${run.stderr}` }).toEqual({ status: 0, output: '' })
}, 120_000)
