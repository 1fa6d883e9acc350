// `npm test`: type-check, lint, build, bundle budgets, then every test (unit, integration, browser E2E) in one
// Vitest run, then the consumer suite: the packed tarballs installed into fresh apps outside the workspaces
// (npm registry access; a few minutes, most of it npm install and next build).
import { spawnSync } from 'node:child_process'
import { ensureChromium } from './chromium.mjs'

function step(title, command, args, env = process.env) {
  console.log(`\n▶ ${title}: ${command} ${args.join(' ')}`)
  const started = Date.now()
  const result = spawnSync(command, args, { stdio: 'inherit', env })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed after ${seconds}s (exit ${result.status ?? result.signal}).`)
    process.exit(result.status ?? 1)
  }
  console.log(`✔ ${title} (${seconds}s)`)
}

let chromium
try {
  chromium = ensureChromium()
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
const env = { ...process.env, CHROMIUM_PATH: chromium }

step('type-check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'])
step('lint', 'npx', ['biome', 'check', '.'])
step('build', 'node', ['scripts/build.mjs'])
step('test-only anchor clients', 'node', ['scripts/compat.mjs', 'starknetkit'])
step('bundle budgets', 'node', ['scripts/size.mjs', '--check'])
// The main run names its projects: Vitest ORs several `!name` filters, so '!consumer' '!devnet' would select all.
const MAIN = ['protocol', 'shim', 'wallet-sim', 'e2e'].flatMap((name) => ['--project', name])
step('tests', 'npx', ['vitest', 'run', ...MAIN], env)
step('consumer apps from the packed tarballs', 'npx', ['vitest', 'run', '--project', 'consumer'], env)
