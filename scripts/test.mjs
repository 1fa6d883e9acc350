// `npm test`: type-check, lint, build, bundle budgets, then every test (unit, integration, browser E2E) in one
// Vitest run, the Playwright helper's user-style suite (@playwright/test), the journeys on Firefox and WebKit,
// then the consumer suite: the packed tarballs installed into fresh apps outside the workspaces (npm registry
// access; a few minutes, most of it npm install and next build), and last the devnet project against
// starknet-devnet-rs, whose build (when it is missing) starts first and runs in the background at low priority
// while the rest runs (scripts/devnet.mjs). WEBWALLET_SKIP_DEVNET=1 skips that last step.
import { spawnSync } from 'node:child_process'
import { ensureChromium } from './chromium.mjs'
import { StillBuilding, startBuild, waitForDevnet } from './devnet.mjs'
import { ensureEngines } from './engines.mjs'

/** Every step's title, outcome and seconds, printed as one summary when the run ends, however it ends. */
const durations = []
const runStarted = Date.now()
process.on('exit', () => {
  if (!durations.length) return
  const width = Math.max(...durations.map((d) => d.title.length))
  console.log('\nSteps (seconds):')
  for (const { title, outcome, seconds } of durations) {
    const time = seconds === undefined ? '' : seconds.toFixed(1).padStart(7)
    console.log(`  ${outcome} ${title.padEnd(width)} ${time}`)
  }
  console.log(`  total ${((Date.now() - runStarted) / 1000).toFixed(1)}s`)
})

function step(title, command, args, env = process.env) {
  console.log(`\n▶ ${title}: ${command} ${args.join(' ')}`)
  const started = Date.now()
  const result = spawnSync(command, args, { stdio: 'inherit', env })
  const seconds = (Date.now() - started) / 1000
  durations.push({ title, outcome: result.status === 0 ? '✔' : '✖', seconds })
  if (result.status !== 0) {
    console.error(
      `\n✖ ${title} failed after ${seconds.toFixed(1)}s (exit ${result.status ?? result.signal}).`,
    )
    process.exit(result.status ?? 1)
  }
  console.log(`✔ ${title} (${seconds.toFixed(1)}s)`)
}

/** A step that did not run, for the summary. */
const skipped = (title) => durations.push({ title, outcome: '⏭' })

// First of all, so that a missing starknet-devnet builds while everything else runs.
const skipDevnet = process.env.WEBWALLET_SKIP_DEVNET === '1'
let devnetProblem
if (!skipDevnet) {
  try {
    startBuild()
  } catch (error) {
    devnetProblem = error // reported by the devnet step, after the rest ran
  }
}

let chromium
try {
  chromium = ensureChromium()
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
const env = { ...process.env, CHROMIUM_PATH: chromium }
// Firefox and WebKit for the cross-engine journeys: installed when missing (root), else skipped with a line.
const engines = ensureEngines()

step('type-check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'])
step('lint', 'npx', ['biome', 'check', '.'])
step('build', 'node', ['scripts/build.mjs'])
// The compat/ clients outside the workspaces (compat/avnu is one): e2e/tests/compat and the starknetkit tests.
const anchors = ['starknetkit', 'starknet-react', 'get-starknet', 'invisible-sdk', 'starknet-legacy']
step('test-only anchor clients', 'node', ['scripts/compat.mjs', ...anchors])
step('bundle budgets', 'node', ['scripts/size.mjs', '--check'])
// The main run names its projects: Vitest ORs several `!name` filters, so '!consumer' '!devnet' would select all.
const MAIN = ['protocol', 'shim', 'wallet-sim', 'e2e'].flatMap((name) => ['--project', name])
// The default reporter, and one that lists the tests which passed only on a retry (e2e retries once in CI).
const REPORTERS = ['--reporter=default', '--reporter=./scripts/flakyReporter.mjs']
step('tests', 'npx', ['vitest', 'run', ...MAIN, ...REPORTERS], env)
// The published Playwright helper under the real @playwright/test runner: a user-style suite (the demo and a
// starknetkit dapp, hands-free) on the system Chromium, one worker (~30 s).
step(
  'user-style suite of @webwallet/wallet-sim/playwright',
  'npx',
  ['playwright', 'test', '-c', 'e2e/kit/playwright.config.ts'],
  env,
)
if (engines.length)
  step(`browser journeys on ${engines.join(' and ')} (e2e/engines)`, 'npx', [
    'vitest',
    'run',
    '--config',
    'e2e/engines/vitest.config.ts',
    ...REPORTERS,
  ])
else {
  console.log('\n⏭ browser journeys on Firefox and WebKit skipped: neither engine is installed.')
  skipped('browser journeys on Firefox and WebKit')
}
step('consumer apps from the packed tarballs', 'npx', ['vitest', 'run', '--project', 'consumer'], env)

if (skipDevnet) {
  console.log('\n▶ cross-check on starknet-devnet: skipped (WEBWALLET_SKIP_DEVNET=1)')
  skipped('cross-check on starknet-devnet')
} else {
  console.log('\n▶ cross-check on starknet-devnet: waiting for the binary (scripts/devnet.mjs)')
  const started = Date.now()
  let binary
  try {
    if (devnetProblem) throw devnetProblem
    binary = await waitForDevnet()
  } catch (error) {
    if (error instanceof StillBuilding) {
      // Only a build that is still running is skipped (a failed one fails the run): it resumes next time.
      console.log(
        `\n⏭ cross-check on starknet-devnet skipped: starknet-devnet is not built yet (${error.message})`,
      )
      skipped('cross-check on starknet-devnet (not built yet)')
      process.exit(0)
    }
    console.error(`\n✖ starknet-devnet is not available: ${error instanceof Error ? error.message : error}`)
    process.exit(1)
  }
  const waited = (Date.now() - started) / 1000
  durations.push({ title: 'waiting for starknet-devnet', outcome: '✔', seconds: waited })
  console.log(`✔ starknet-devnet ${binary} (${waited.toFixed(1)}s)`)
  step('cross-check on starknet-devnet', 'npx', ['vitest', 'run', '--project', 'devnet'], {
    ...env,
    STARKNET_DEVNET: binary,
  })
}
