// `npm start`: the wallet simulator on :3005 and the demo app on :5173, with their URLs printed.
import { spawn, spawnSync } from 'node:child_process'

const children = []
function run(name, command, args, env = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } })
  const prefix = `[${name}] `
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8')
    stream.on('data', (chunk) => {
      for (const line of chunk.split('\n')) if (line.trim()) process.stdout.write(`${prefix}${line}\n`)
    })
  }
  child.on('exit', (code, signal) => {
    console.log(`${prefix}exited (${code ?? signal})`)
    shutdown(code ?? 1)
  })
  children.push(child)
}

function shutdown(code) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
  process.exit(code)
}
process.on('SIGINT', () => shutdown(0))
process.on('SIGTERM', () => shutdown(0))

const simPort = process.env.WALLET_SIM_PORT ?? '3005'
const demoPort = process.env.DEMO_PORT ?? '5173'
// The hosted wallet's pages and the CLI bundle: built from the sources on every start (a few seconds).
console.log('Building the wallet UI and the wallet-sim CLI...')
const built = spawnSync('npm', ['run', 'build', '--workspace', '@webwallet/wallet-sim'], { stdio: 'inherit' })
if (built.status !== 0) process.exit(built.status ?? 1)

// The demo's exact origins may use wallet-sim's dev API (its "Register name" button); the default iframe
// allow-list (localhost, 127.0.0.1) is kept, since an --allow-dapp replaces it.
const demoOrigins = [`http://localhost:${demoPort}`, `http://127.0.0.1:${demoPort}`]
const simArgs = ['--port', simPort, '--allow-dapp', 'localhost', '--allow-dapp', '127.0.0.1']
for (const origin of demoOrigins) simArgs.push('--allow-dapp', origin)
run('wallet-sim', 'node', ['wallet-sim/bin/wallet-sim.js', ...simArgs, ...process.argv.slice(2)])
run('demo', 'npx', ['vite', '--config', 'demo/vite.config.ts', '--port', demoPort, '--strictPort'])
console.log(
  [
    '',
    `wallet-sim  → http://localhost:${simPort}  (RPC http://localhost:${simPort}/rpc, dev API /dev)`,
    `demo        → http://localhost:${demoPort}`,
    '',
    'Open the demo, log in with any e-mail address: the one-time code is printed below ([wallet-sim]).',
    'Extra arguments go to wallet-sim, e.g. `npm start -- --seed 1 --state .wallet-sim-state.json`.',
    '',
  ].join('\n'),
)
