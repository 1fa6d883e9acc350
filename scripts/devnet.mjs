// starknet-devnet-rs for the devnet tests and benchmarks: finds it, or builds it from the Rust crate registry
// (`cargo install starknet-devnet --locked --version 0.10.1`). A build takes long on 2 cores, so it runs in
// the background at low priority (nice 19) from the very start of `.ci/run` / `npm test`, and the devnet step
// at the end waits for it, printing progress every minute.
//
//   node scripts/devnet.mjs           find it, or build it and wait (progress lines; log in the state folder)
//   node scripts/devnet.mjs --start   find it, or start the build in the background and return at once
//   node scripts/devnet.mjs --wait    wait for a build started by --start (or start one), then print the path
//
// The build is a debug build (`--debug`): it skips LLVM's optimisation of the ~680 crates, and devnet in it
// is fast enough for our few dozen transactions (CONTRIBUTING.md, "Against starknet-devnet-rs", has the measured
// times). Set DEVNET_RELEASE=1 for a release build. The cargo target folder is kept across runs until the build
// succeeds, so an interrupted build resumes where it stopped.
import { spawn, spawnSync } from 'node:child_process'
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const DEVNET_VERSION = '0.10.1'
const STATE_DIR = process.env.DEVNET_BUILD_DIR || join(tmpdir(), `starknet-devnet-${DEVNET_VERSION}-build`)
const STATE = join(STATE_DIR, 'state.json')
export const BUILD_LOG = join(STATE_DIR, 'build.log')
const release = process.env.DEVNET_RELEASE === '1'
const log = (line) => console.log(`devnet: ${line}`)

const executable = (file) => {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** Same order as e2e/support/devnet.ts: STARKNET_DEVNET, PATH, ~/.cargo/bin. */
export function findDevnet() {
  const fromEnv = process.env.STARKNET_DEVNET
  if (fromEnv) return executable(fromEnv) ? fromEnv : undefined
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && executable(join(dir, 'starknet-devnet'))) return join(dir, 'starknet-devnet')
  }
  const cargo = join(homedir(), '.cargo', 'bin', 'starknet-devnet')
  return executable(cargo) ? cargo : undefined
}

function versionOf(binary) {
  const out = spawnSync(binary, ['--version'], { encoding: 'utf8' })
  return /starknet-devnet\s+(\S+)/.exec(out.stdout ?? '')?.[1]
}

/** The binary when it is there; says so when its version is not the pinned one. */
function found() {
  const binary = findDevnet()
  if (!binary) return undefined
  const version = versionOf(binary)
  if (version !== DEVNET_VERSION)
    log(`warning: ${binary} is ${version ?? 'of unknown version'}, the tests pin ${DEVNET_VERSION}`)
  return binary
}

const readState = () => {
  try {
    return JSON.parse(readFileSync(STATE, 'utf8'))
  } catch {
    return undefined
  }
}
const alive = (pid) => {
  if (!(Number.isInteger(pid) && pid > 0)) return false
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

function cargo() {
  const candidates = [process.env.CARGO, 'cargo', join(homedir(), '.cargo', 'bin', 'cargo')].filter(Boolean)
  return candidates.find((c) => spawnSync(c, ['--version']).status === 0)
}

/** Starts the build in a detached process (it outlives `.ci/run`'s first command); answers at once. */
export function startBuild() {
  const binary = found()
  if (binary) return { binary }
  if (process.env.STARKNET_DEVNET)
    throw new Error(`STARKNET_DEVNET=${process.env.STARKNET_DEVNET} is not an executable`)
  const state = readState()
  if (state?.state === 'building' && alive(state.pid)) return { building: state }
  const cargoBin = cargo()
  if (!cargoBin) {
    throw new Error(
      'starknet-devnet is missing and there is no cargo to build it: install Rust (https://rustup.rs), then ' +
        `\`cargo install starknet-devnet --locked --version ${DEVNET_VERSION}\`, or set STARKNET_DEVNET.`,
    )
  }
  mkdirSync(STATE_DIR, { recursive: true })
  const args = ['-n', '19', cargoBin, 'install', 'starknet-devnet', '--locked', '--version', DEVNET_VERSION]
  if (!release) args.push('--debug')
  const out = openSync(BUILD_LOG, 'a')
  const started = Date.now()
  // A small node wrapper records the exit code: the process that waits may not be the one that started it.
  const wrapper = `
    const { spawn } = require('node:child_process'); const { writeFileSync } = require('node:fs')
    const child = spawn('nice', ${JSON.stringify(args)}, { stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, CARGO_TARGET_DIR: ${JSON.stringify(join(STATE_DIR, 'target'))} } })
    const write = (s) => writeFileSync(${JSON.stringify(STATE)}, JSON.stringify({ pid: process.pid, started: ${started}, ...s }))
    child.on('exit', (code, signal) => write({ state: code === 0 ? 'done' : 'failed', code: code ?? signal, ended: Date.now() }))
    child.on('error', (e) => write({ state: 'failed', code: String(e), ended: Date.now() }))`
  const child = spawn(process.execPath, ['-e', wrapper], { detached: true, stdio: ['ignore', out, out] })
  child.unref()
  const building = { state: 'building', pid: child.pid, started }
  writeFileSync(STATE, JSON.stringify(building))
  building.fresh = true
  log(
    `building starknet-devnet ${DEVNET_VERSION} (${release ? 'release' : 'debug'}) in the background at low priority ` +
      `(nice 19; up to an hour on 2 cores); log: ${BUILD_LOG}`,
  )
  return { building }
}

const minutes = (ms) => `${Math.round(ms / 60_000)} min`
function progress(started) {
  let text = ''
  try {
    text = readFileSync(BUILD_LOG, 'utf8')
  } catch {}
  const lines = text.split('\n').filter((l) => l.trim())
  const compiled = lines.filter((l) => l.trim().startsWith('Compiling')).length
  const last = lines.at(-1)?.trim() ?? ''
  // ~680 crates for 0.10.1 (measured): a rough "how far".
  return `still building (${minutes(Date.now() - started)}, ${compiled} of ~680 crates compiled; last: ${last.slice(0, 80)})`
}

/** After a build that ended well: say how long it took, and drop its target folder (GBs, no longer needed). */
function finished(binary) {
  const state = readState()
  if (state?.state !== 'done') return binary
  log(`built in ${minutes((state.ended ?? Date.now()) - state.started)}: ${binary}`)
  rmSync(join(STATE_DIR, 'target'), { recursive: true, force: true })
  rmSync(STATE, { force: true })
  return binary
}

/**
 * How long after a build started its waiter gives up (`DEVNET_WAIT_LIMIT_MINUTES`, default 75): CI stops a
 * run at 90 minutes, and a build started with that run must leave the rest of it time to finish.
 */
const WAIT_LIMIT_MS = Number(process.env.DEVNET_WAIT_LIMIT_MINUTES || 75) * 60_000

/** Thrown by waitForDevnet when the build is still running at its limit; the build itself goes on. */
export class StillBuilding extends Error {}

/**
 * Waits for the build (starting it when needed), printing progress every minute; answers the binary. Throws
 * StillBuilding once the build has run for the wait limit (it keeps running: a later run uses it).
 */
export async function waitForDevnet() {
  const first = startBuild()
  // cargo puts the binary in place a moment before it exits: while the build process still runs, wait for
  // its end, so its state and target folder are settled (`finished` drops them) before answering.
  const running = readState()
  if (first.binary && !(running?.state === 'building' && alive(running.pid))) return finished(first.binary)
  let lastReport = Date.now()
  for (;;) {
    const state = readState()
    if (state?.state === 'building' && alive(state.pid) && Date.now() - state.started >= WAIT_LIMIT_MS)
      throw new StillBuilding(`${progress(state.started)}; it goes on in the background, log: ${BUILD_LOG}`)
    if (state?.state === 'done') {
      const binary = found()
      if (!binary)
        throw new Error(
          `the build ended but no starknet-devnet is on PATH or in ~/.cargo/bin; log: ${BUILD_LOG}`,
        )
      return finished(binary)
    }
    if (state?.state === 'failed' || !(state && alive(state.pid))) {
      const tail = existsSync(BUILD_LOG)
        ? readFileSync(BUILD_LOG, 'utf8').split('\n').slice(-25).join('\n')
        : ''
      rmSync(STATE, { force: true }) // the next run starts a new build (resuming from the kept target folder)
      throw new Error(
        `building starknet-devnet failed (${state?.code ?? 'the build process died'}):\n${tail}\nlog: ${BUILD_LOG}`,
      )
    }
    if (Date.now() - lastReport >= 60_000) {
      log(progress(state.started))
      lastReport = Date.now()
    }
    await new Promise((resolve) => setTimeout(resolve, 5_000))
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    if (process.argv.includes('--start')) {
      const { binary, building } = startBuild()
      if (binary) log(`found ${binary}`)
      else if (building && !building.fresh)
        log(`a build is already running (pid ${building.pid}); log: ${BUILD_LOG}`)
    } else {
      log(`found ${await waitForDevnet()}`)
    }
  } catch (error) {
    console.error(`devnet: ${error instanceof Error ? error.message : error}`)
    process.exit(1)
  }
}
