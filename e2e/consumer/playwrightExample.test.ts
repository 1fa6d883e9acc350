// examples/playwright-dapp as a user copies it (docs/playwright.md):
// the folder outside the workspaces, its public dependencies and our three tarballs installed by npm, then
// `npx playwright test` with the system Chromium (CHROMIUM_PATH). The install must not warn ERESOLVE or
// EBADENGINE because of our packages (starknet declares node >= 22 itself: that warning on Node 20 is its
// own; the example overrides its @wallet-standard dependencies to 1.1.0, as docs/playwright.md says).
import { cpSync } from 'node:fs'
import { join } from 'node:path'
import { expect, inject, test } from 'vitest'
import { chromiumPath } from '../support/browser'
import { run } from './support/run'
import { ROOT } from './support/workspace'

const root = inject('consumerRoot')
const tarballs = inject('tarballs')

/** The packages an `npm warn EBADENGINE` block names. */
const enginePackages = (output: string) =>
  [...output.matchAll(/EBADENGINE\s+package: '([^']+)'/g)].map((m) => m[1]!.replace(/@[^@]*$/, ''))

test('the Playwright example installs from the tarballs without warnings of ours, and its two tests pass', async () => {
  const dir = join(root, 'playwright-dapp')
  cpSync(join(ROOT, 'examples', 'playwright-dapp'), dir, { recursive: true })
  const install = (args: string[]) =>
    run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=warn', ...args], dir)
  const output = [
    await install([tarballs['@webwallet/protocol'], tarballs['@webwallet/shim']]),
    await install(['--save-dev', tarballs['@webwallet/wallet-sim']]),
  ].join('\n')
  expect(output).not.toMatch(/ERESOLVE/)
  // Only starknet's own floor (node >= 22) may warn on Node 20: the example overrides @wallet-standard/*.
  expect(new Set(enginePackages(output))).toEqual(
    new Set(process.versions.node.startsWith('20.') ? ['starknet'] : []),
  )
  expect(output).not.toMatch(/peer dep/i)

  const tests = await run('npx', ['playwright', 'test', '--reporter=list'], dir, {
    CHROMIUM_PATH: chromiumPath(),
    CI: '1',
  })
  expect(tests).toMatch(/2 passed/)
  expect(tests).not.toMatch(/failed|flaky|skipped/)
})
