// `npm start`: the wallet simulator on :3005 and the demo app on :5173, with their URLs printed.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'

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
if (existsSync('wallet-sim/bin/wallet-sim.js')) {
  run('wallet-sim', 'node', ['wallet-sim/bin/wallet-sim.js', '--port', simPort, ...process.argv.slice(2)])
  console.log(`wallet-sim  → http://localhost:${simPort}  (RPC http://localhost:${simPort}/rpc)`)
}
if (existsSync('demo/index.html')) {
  run('demo', 'npx', ['vite', '--config', 'demo/vite.config.ts', '--port', demoPort, '--strictPort'])
  console.log(`demo        → http://localhost:${demoPort}`)
}
if (children.length === 0) {
  console.log('Nothing to start yet.')
}
