// `npm test`, in two lanes. The main lane: type-check, lint, build, bundle budgets, then every test (unit,
// integration, browser E2E) in one Vitest run, printed as they run, then the Playwright helper's user-style
// suite (@playwright/test) and the journeys on Firefox and WebKit. Beside it, once the checks and builds
// passed, the docs site's build (site/: dead links and anchors fail it), the consumer suite (the packed
// tarballs installed into fresh apps outside the workspaces: npm registry access, mostly npm install and next
// build), the third-party clients' suites (e2e/tests/compat) and the devnet project against
// starknet-devnet-rs, each printed whole when it ends. starknet-devnet's build (when it is missing) starts first and runs in the background at low
// priority while the rest runs (scripts/devnet.mjs); WEBWALLET_SKIP_DEVNET=1 skips the devnet step. The first
// failing step stops the other lane and fails the run (scripts/steps.mjs); a summary of every step's time ends
// the run, however it ends.
import { availableParallelism } from 'node:os'
import { ensureChromium } from './chromium.mjs'
import { StillBuilding, startBuild, waitForDevnet } from './devnet.mjs'
import { ensureEngines } from './engines.mjs'
import { createRunner, StepFailed } from './steps.mjs'

/** Every step's title, outcome and seconds, printed as one summary when the run ends, however it ends. */
const runner = createRunner()
process.on('exit', () => runner.summary())
// Each step runs in its own process group (so that a failure can stop one lane's whole tree): Ctrl-C reaches
// only this process, which stops them all.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    runner.stopAll()
    process.exit(signal === 'SIGINT' ? 130 : 143)
  })
const step = (title, command, args, env = process.env) => ({ title, command, args, env })

// First of all, so that a missing starknet-devnet builds while everything else runs.
const skipDevnet = process.env.WEBWALLET_SKIP_DEVNET === '1'
let devnetProblem
if (!skipDevnet) {
  try {
    startBuild()
  } catch (error) {
    devnetProblem = error // reported by the devnet lane
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

// The compat/ clients outside the workspaces (compat/avnu is one): e2e/tests/compat and the starknetkit tests.
const anchors = [
  'starknetkit',
  'starknetkit1',
  'starknet-react',
  'get-starknet',
  'invisible-sdk',
  'starknet-legacy',
]
// The main run names its projects: Vitest ORs several `!name` filters, so '!consumer' '!devnet' would select all.
// The unit projects run first on every core (Vitest's default leaves one idle: a single worker on 2 cores), then
// the e2e project's journeys one file at a time (its groupOrder, e2e/vitest.config.ts).
const MAIN = [
  ...['protocol', 'shim', 'wallet-sim', 'e2e'].flatMap((name) => ['--project', name]),
  `--maxWorkers=${availableParallelism()}`,
]
// The default reporter, and one that lists the tests which passed only on a retry (e2e retries once in CI).
const REPORTERS = ['--reporter=default', '--reporter=./scripts/flakyReporter.mjs']

/**
 * The main lane: checks, builds, then the main Vitest run (unit, integration, Chromium journeys), printed as it
 * goes, then the browser suites outside it: with the unit projects on every core, they are here so that the
 * lanes end about together (last timed with one worker, when they ran beside: main 1,128 s of tests, beside
 * 1,030 s).
 */
async function main() {
  const run = (s) => runner.runStep(s)
  try {
    await run(step('type-check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']))
    await run(step('lint', 'npx', ['biome', 'check', '.']))
    await run(step('build', 'node', ['scripts/build.mjs']))
    await run(step('test-only anchor clients', 'node', ['scripts/compat.mjs', ...anchors]))
    await run(step('bundle budgets', 'node', ['scripts/size.mjs', '--check']))
    gate.open()
  } catch (error) {
    gate.shut(error)
    throw error
  }
  await run(step('tests', 'npx', ['vitest', 'run', ...MAIN, ...REPORTERS], env))
  await browserSuites({})
}

/**
 * The browser suites outside the main Vitest run: the published Playwright helper under the real
 * @playwright/test runner (a user-style suite: the demo and a starknetkit dapp, hands-free, on the system
 * Chromium, one worker), then the journeys on Firefox and WebKit when either engine is installed.
 */
async function browserSuites(options) {
  await runner.runStep(
    step(
      'user-style suite of @webwallet/wallet-sim/playwright',
      'npx',
      ['playwright', 'test', '-c', 'e2e/kit/playwright.config.ts'],
      env,
    ),
    options,
  )
  if (engines.length)
    await runner.runStep(
      step(`browser journeys on ${engines.join(' and ')} (e2e/engines)`, 'npx', [
        'vitest',
        'run',
        '--config',
        'e2e/engines/vitest.config.ts',
        ...REPORTERS,
      ]),
      options,
    )
  else {
    runner.say('\n⏭ browser journeys on Firefox and WebKit skipped: neither engine is installed.')
    runner.skipped('browser journeys on Firefox and WebKit')
  }
}

// The lane beside starts once the code type-checks, lints and builds (its suites load the built packages and
// demo); it never starts when those fail.
const gate = {}
const checked = new Promise((resolve, reject) => Object.assign(gate, { open: resolve, shut: reject }))
checked.catch(() => {}) // the main lane reports it

const BESIDE = 'beside'
// The lane beside runs at a lower CPU priority: the main lane's browser journeys keep the CPU they need (their
// waits are tuned to it), and this lane takes what they leave (its steps have long time limits).
const NICE = 10

/**
 * The lane beside the main one, once the checks and builds passed: the docs site's build (about half a minute
 * of CPU), the consumer suite (mostly npm install and next build: network and disk), the third-party clients'
 * suites, then the devnet project (devnet and its client: about one core), which may wait for the binary's
 * build. Each step's output is printed whole when it ends.
 */
async function beside() {
  try {
    await checked
  } catch {
    return // the main lane reports why
  }
  // The docs site (TypeDoc's API reference and VitePress over docs/): its build fails on a dead link or anchor.
  await runner.runStep(step('docs site (site/build.mjs)', 'npm', ['run', 'build', '-w', 'site']), {
    buffered: true,
    lane: BESIDE,
    nice: NICE,
  })
  await runner.runStep(
    step('consumer apps from the packed tarballs', 'npx', ['vitest', 'run', '--project', 'consumer'], env),
    { buffered: true, lane: BESIDE, nice: NICE },
  )
  // The third-party clients' suites (e2e/tests/compat): the real starknetkit, invisible-sdk, starknet-react,
  // get-starknet and starknet.js 6/7 against wallet-sim, in Chromium.
  await runner.runStep(
    step(
      'third-party clients (e2e/tests/compat)',
      'npx',
      ['vitest', 'run', '--project', 'compat', ...REPORTERS],
      env,
    ),
    { buffered: true, lane: BESIDE, nice: NICE },
  )
  await devnet()
}

/** The devnet project once its binary is there (skipped while a build is still running). */
async function devnet() {
  const lane = BESIDE
  if (skipDevnet) {
    runner.say('\n⏭ cross-check on starknet-devnet: skipped (WEBWALLET_SKIP_DEVNET=1)')
    runner.skipped('cross-check on starknet-devnet')
    return
  }
  const started = Date.now()
  let binary
  try {
    if (devnetProblem) throw devnetProblem
    binary = await waitForDevnet()
  } catch (error) {
    if (error instanceof StillBuilding) {
      // Only a build that is still running is skipped (a failed one fails the run): it resumes next time.
      runner.say(
        `\n⏭ cross-check on starknet-devnet skipped: starknet-devnet is not built yet (${error.message})`,
      )
      runner.skipped('cross-check on starknet-devnet (not built yet)')
      return
    }
    runner.record('waiting for starknet-devnet', (Date.now() - started) / 1000, lane, '✖')
    runner.say(`\n✖ starknet-devnet is not available: ${error instanceof Error ? error.message : error}`)
    throw new StepFailed('waiting for starknet-devnet', 1, String(error))
  }
  runner.record('waiting for starknet-devnet', (Date.now() - started) / 1000, lane)
  await runner.runStep(
    step('cross-check on starknet-devnet', 'npx', ['vitest', 'run', '--project', 'devnet'], {
      ...env,
      STARKNET_DEVNET: binary,
    }),
    { buffered: true, lane, nice: NICE },
  )
}

try {
  await runner.all([main, beside])
} catch (error) {
  if (!(error instanceof StepFailed)) throw error
  process.exit(error.status || 1)
}
