// npm run screenshots: regenerates the README images from the browser tests that drive those screens, so
// they never go stale. The demo's (docs/*.png, root README) come from e2e/tests/ux, the wallet's screens
// (wallet-sim/docs/*.png) from e2e/tests/wallet/iframe. Builds first: the tests serve the built UI and demo.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const run = (args, env = {}) => {
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
const vitest = ['node_modules/vitest/vitest.mjs', 'run', '--project', 'e2e']

run(['scripts/build.mjs'])
run([...vitest, 'tests/ux'], { SCREENSHOTS_DIR: `${root}docs` })
run([...vitest, 'tests/wallet/iframe'], { WALLET_SCREENSHOTS: '1' })
console.log('Screenshots written to docs/ and wallet-sim/docs/: look at them before committing.')
