// `npm start`: the wallet simulator on :3005 and the demo app on :5173, started and stopped together.
// Each child runs in its own process group (detached), so stopping one stops everything it spawned (Vite's
// esbuild service included), and a child that dies takes the other down with it: no orphan keeps a port.
//   WALLET_SIM_PORT, DEMO_PORT: other ports. Extra arguments go to wallet-sim (`npm start -- --seed 1`).
import { spawn, spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'

const ROOT = join(import.meta.dirname, '..')
/** How long a child gets to stop on SIGTERM before its whole group is killed. */
const GRACE_MS = 5000

const simPort = process.env.WALLET_SIM_PORT ?? '3005'
const demoPort = process.env.DEMO_PORT ?? '5173'
const children = []
let stopping

function log(message) {
  console.log(`[start] ${message}`)
}

/** Resolves when `port` can be bound on every interface the servers use. */
function portFree(port) {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(Number(port), () => probe.close(() => resolve(true)))
  })
}

function run(name, command, args, env = {}) {
  const child = spawn(command, args, {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  })
  child.name = name
  child.exited = new Promise((resolve) => child.once('exit', resolve))
  const prefix = `[${name}] `
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8')
    stream.on('data', (chunk) => {
      for (const line of chunk.split('\n')) if (line.trim()) process.stdout.write(`${prefix}${line}\n`)
    })
  }
  child.once('exit', (code, signal) => {
    if (stopping) return
    const others = children.filter((c) => c !== child).map((c) => c.name)
    log(`${name} exited (${code ?? signal}): stopping ${others.join(' and ') || 'everything'}.`)
    void stop(code || 1)
  })
  log(`${name} started (pid ${child.pid})`)
  children.push(child)
}

/** Signals a child's whole process group; false when the group is gone already. */
function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal)
    return true
  } catch {
    return false
  }
}

/** Stops every child's process group (SIGTERM, then SIGKILL after the grace period), then exits. */
function stop(code) {
  stopping ??= (async () => {
    await Promise.all(
      children.map(async (child) => {
        if (!signalGroup(child, 'SIGTERM')) return
        const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), GRACE_MS)
        await child.exited
        clearTimeout(timer)
        // The leader may exit before the processes it started: whatever is left of its group goes too.
        signalGroup(child, 'SIGKILL')
      }),
    )
    process.exit(code)
  })()
  return stopping
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (!stopping && children.length) log(`${signal}: stopping ${children.map((c) => c.name).join(' and ')}.`)
    void stop(0)
  })
}

for (const [name, port, variable] of [
  ['wallet-sim', simPort, 'WALLET_SIM_PORT'],
  ['demo', demoPort, 'DEMO_PORT'],
]) {
  if (!(await portFree(port))) {
    console.error(
      `Port ${port} (${name}) is in use: another \`npm start\` or server runs there. Stop it, or set ${variable}.`,
    )
    process.exit(1)
  }
}

// The wallet UI, rebuilt when a source is newer than the build (wallet-sim's bin does the same for its CLI).
const built = spawnSync(process.execPath, ['wallet-sim/scripts/buildUi.mjs', '--if-stale'], {
  cwd: ROOT,
  stdio: 'inherit',
})
if (built.status !== 0) process.exit(built.status ?? 1)

// The demo's exact origins may use wallet-sim's dev API (its "Register name" button); the iframe allow-list
// keeps localhost and 127.0.0.1 (an --allow-dapp adds to them).
const demoOrigins = [`http://localhost:${demoPort}`, `http://127.0.0.1:${demoPort}`]
const simArgs = ['--port', simPort]
for (const origin of demoOrigins) simArgs.push('--allow-dapp', origin)
const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js')
run('wallet-sim', process.execPath, ['wallet-sim/bin/wallet-sim.js', ...simArgs, ...process.argv.slice(2)])
run('demo', process.execPath, [vite, '--config', 'demo/vite.config.ts', '--port', demoPort, '--strictPort'], {
  VITE_WALLET_URL: `http://localhost:${simPort}`,
})
console.log(
  [
    '',
    `wallet-sim  → http://localhost:${simPort}  (services and accounts; RPC /rpc, dev API /dev)`,
    `demo        → http://localhost:${demoPort}`,
    '',
    'Open the demo, log in with any e-mail address: the one-time code is printed below ([wallet-sim]).',
    'Ctrl-C stops both. Extra arguments go to wallet-sim, e.g. `npm start -- --state .wallet-sim-state.json`.',
    '',
  ].join('\n'),
)
