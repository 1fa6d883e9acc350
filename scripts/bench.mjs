// `npm run bench`: one table, measured in one run on this machine, ours beside the anchor on the same work
// (GitHub issue 9): bundle cost, round trips per execute, latency in headless Chromium, the simulator.
// Writes a JSON copy to bench/results/<ISO time>.json; with --write-readme, also puts the run (heading and
// table) into CONTRIBUTING.md's Benchmarks section. The parts run one after another so they do not compete for the
// machine's cores. `--only=userTests,browser` runs those parts alone; its --write-readme keeps the other rows
// from the run the table quotes (their JSON copy) and says which rows come from which run.
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { partsHeading, quotedRun, runHeading, withBenchRun } from '../bench/readme.mjs'
import { benchRows } from '../bench/rows.mjs'
import { markdownTable } from '../bench/table.mjs'
import { ensureCompat } from './compat.mjs'
import { measure } from './size.mjs'

// Paths below are relative to the repository root, wherever the script is started from.
process.chdir(fileURLToPath(new URL('..', import.meta.url)))
const started = performance.now()
const writeReadme = process.argv.includes('--write-readme')
// The parts to run (`--only=a,b`), else all of them.
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',')
const selected = (name) => only === undefined || only.includes(name)
// How busy the machine is while the parts run (1-minute load average, every 5 s): said with the table.
const loads = [loadavg()[0]]
const loadTimer = setInterval(() => loads.push(loadavg()[0]), 5000)
loadTimer.unref()

/** Runs a command; answers its stdout, or throws with its exit code and the tail of its output. */
function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options })
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (err += d))
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`${args.join(' ')} exited ${code}: ${(err || out).slice(-800)}`)),
    )
  })
}

/** Runs one of bench/*.ts and parses its `BENCH_JSON` line. */
async function benchScript(file) {
  const out = await run(process.execPath, ['--conditions=@webwallet/source', '--import', 'tsx', file])
  const line = out.split('\n').find((l) => l.startsWith('BENCH_JSON '))
  if (!line) throw new Error(`${file} printed no BENCH_JSON line`)
  return JSON.parse(line.slice('BENCH_JSON '.length))
}

/** Runs a part (`key`: its name in the results) unless --only leaves it out; a failed part is reported in the table and fails the run, the others still run. */
const failures = []
async function part(key, name, task) {
  if (!selected(key)) return undefined
  console.error(`bench: ${name}...`)
  const partStarted = performance.now()
  try {
    return await task()
  } catch (error) {
    failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`)
    return undefined
  } finally {
    console.error(`bench: ${name}: ${((performance.now() - partStarted) / 1000).toFixed(1)} s`)
  }
}

async function bundles() {
  const dir = ensureCompat('starknetkit')
  const pkg = JSON.parse(readFileSync(join(dir, 'node_modules/starknetkit/package.json'), 'utf8'))
  const anchorEntry = join(dir, 'node_modules/starknetkit', pkg.exports['./webwallet'].import)
  return {
    connector: await measure('shim/src/connector/index.ts'),
    sdk: await measure('shim/src/index.ts'),
    starknetkitWebwallet: await measure(anchorEntry),
  }
}

async function simulator() {
  const out = await run('npm', ['run', 'bench', '-s', '-w', '@webwallet/wallet-sim'])
  const numbers = (pattern) => {
    const match = pattern.exec(out)
    if (!match) throw new Error(`wallet-sim bench: no ${pattern} in its output`)
    return match.slice(1).map(Number)
  }
  /** One `<signer>-signed invokes, <mode>: X tx/s  p50 Y ms  p99 Z ms` line. */
  const invokes = (signer, mode) => {
    const [tps, p50, p99] = numbers(
      new RegExp(
        `${signer}-signed invokes, ${mode}:\\s*([\\d.]+) tx/s\\s+p50 ([\\d.]+) ms\\s+p99 ([\\d.]+) ms`,
      ),
    )
    return { tps, p50, p99 }
  }
  const both = (signer) => ({
    sequential: invokes(signer, 'sequential'),
    concurrent: invokes(signer, '32 concurrent'),
  })
  return { readyMs: numbers(/ready[^:]*:\s*([\d.]+) ms/)[0], owner: both('owner'), session: both('session') }
}

const results = {
  bundle: await part('bundle', 'bundle sizes', bundles),
  roundTrips: await part('roundTrips', 'round trips (SDK and starknet.js on wallet-sim)', () =>
    benchScript('bench/roundTrips.ts'),
  ),
  browser: await part('browser', 'latency in headless Chromium', () => benchScript('bench/browser/run.ts')),
  userTests: await part('userTests', 'user tests with the injected wallet (bench/userTests.ts)', () =>
    benchScript('bench/userTests.ts'),
  ),
  simulator: await part('simulator', 'wallet-sim benchmark', simulator),
  chains: await part('chains', 'built-in chain beside starknet-devnet (bench/devnet.ts)', () =>
    benchScript('bench/devnet.ts'),
  ),
  sessionNode: await part(
    'sessionNode',
    'session execute through wallet-sim, built-in chain beside --node devnet',
    () => benchScript('bench/sessionNode.ts'),
  ),
}
/** The parts that ran (an --only run leaves the others undefined). */
function definedParts(all) {
  return Object.fromEntries(Object.entries(all).filter(([, value]) => value !== undefined))
}
if (results.chains?.devnet.skipped)
  console.error(`bench: starknet-devnet skipped: ${results.chains.devnet.skipped}`)

// With --only, the parts not run keep their rows from the run the README's table quotes (its JSON copy).
const quoted = only === undefined ? undefined : quotedRun(readFileSync('CONTRIBUTING.md', 'utf8'))
const rows = benchRows(quoted ? { ...quoted.results, ...definedParts(results) } : results)

const machine = {
  cores: cpus().length,
  cpu: cpus()[0]?.model.trim() ?? 'unknown',
  memoryGb: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  platform: `${process.platform}-${process.arch}`,
}
const date = new Date()
const seconds = (performance.now() - started) / 1000
clearInterval(loadTimer)
loads.push(loadavg()[0])
const load = { min: Math.min(...loads), max: Math.max(...loads) }
console.log(
  `\nBenchmarks, ${date.toISOString()}: ${machine.cores} cores (${machine.cpu}), Node ${machine.node}, ${seconds.toFixed(0)} s\n`,
)
console.log(markdownTable(rows))
for (const failure of failures) console.error(`\nFAILED ${failure}`)

mkdirSync('bench/results', { recursive: true })
const file = join(
  'bench/results',
  `${date
    .toISOString()
    .replace(/:/g, '-')
    .replace(/\.\d+Z$/, 'Z')}.json`,
)
writeFileSync(
  file,
  `${JSON.stringify({ date: date.toISOString(), machine, load, seconds, results, rows, failures }, null, 2)}\n`,
)
console.log(`\nJSON copy: ${file}`)
if (writeReadme) {
  const thisRun = { date: date.toISOString(), file, machine, load }
  const heading = quoted ? `${runHeading(quoted)}\n${partsHeading(only, thisRun)}` : runHeading(thisRun)
  writeFileSync(
    'CONTRIBUTING.md',
    withBenchRun(readFileSync('CONTRIBUTING.md', 'utf8'), heading, markdownTable(rows)),
  )
  console.log('CONTRIBUTING.md: its Benchmarks table is this run now')
}
if (failures.length) process.exit(1)
