// docker-compose.yml's devnet profile, run for real without Docker: the devnet service's entrypoint and
// command (the image's binary is the one the tests pin) on the local starknet-devnet, and its bash health
// check against it; then wallet-sim-devnet's command (--node) in front of a devnet. The wiring of the profile
// is checked in e2e/tests/docker/compose.test.ts.
import { execFile, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'
import { parse } from 'yaml'
import { findDevnet } from '../support/devnet.ts'
import { freshDevnet } from './shared.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const run = promisify(execFile)
interface Service {
  entrypoint: string[]
  command: string[]
  healthcheck: { test: string[] }
}
const { services } = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, Service>
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

test('the devnet service starts as written and its health check sees it alive', async () => {
  const devnet = services.devnet!
  const [tini, separator, binaryName, ...rest] = devnet.entrypoint
  expect([tini, separator, binaryName, rest]).toEqual(['tini', '--', 'starknet-devnet', []])
  const port = String(await freePort())
  const args = devnet.command.map((arg) => (arg === '5050' ? port : arg))
  const child = spawn(findDevnet()!, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  try {
    let output = ''
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString()
        if (output.includes(`:${port}`)) resolve()
      }
      child.stdout.on('data', read)
      child.stderr.on('data', read)
      child.once('exit', (code) => reject(new Error(`devnet exited (${code}):\n${output}`)))
    })
    expect(output).toContain(
      'Regular class hash: 0x36078334509B514626504EDC9FB252328D1A240E4E948BEF8D0C08DFF45927F',
    )
    expect(output).toContain('Seed to replicate this account sequence: 0')
    const [cmd, shell, flag, script] = devnet.healthcheck.test
    expect([cmd, shell, flag]).toEqual(['CMD', 'bash', '-c'])
    await expect(
      run(shell!, [flag!, script!.replaceAll('5050', port)], { timeout: 20_000 }),
    ).resolves.toBeDefined()
    // And it fails when nothing listens there (it is a real probe).
    const closed = String(await freePort())
    await expect(
      run(shell!, [flag!, script!.replaceAll('5050', closed)], { timeout: 20_000 }),
    ).rejects.toThrow()
  } finally {
    if (child.pid && child.pid > 0 && child.exitCode === null) child.kill('SIGTERM')
  }
})

test('the wallet-sim-devnet command runs as written in front of devnet: health check, /rpc is the node', async () => {
  // The project's shared devnet (setup.ts), restarted: this test starts wallet-sim's command, not devnet.
  await using devnet = await freshDevnet()
  const sim = services['wallet-sim-devnet']!
  const port = String(await freePort())
  const state = mkdtempSync(join(tmpdir(), 'compose-devnet-state-'))
  const command = sim.command.map((arg) =>
    arg === '3006'
      ? port
      : arg === 'http://devnet:5050/rpc'
        ? devnet.rpcUrl
        : arg.replace(/^\/data\//, `${state}/`),
  )
  expect(command).toContain(devnet.rpcUrl)
  const child = spawn(command[0]!, command.slice(1), { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  try {
    let output = ''
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString()
        if (/Ready in/.test(output)) resolve()
      }
      child.stdout.on('data', read)
      child.stderr.on('data', read)
      child.once('exit', (code) => reject(new Error(`wallet-sim exited (${code}):\n${output}`)))
    })
    const [, , flag, script] = sim.healthcheck.test
    await expect(
      run('node', [flag!, script!.replace(':3006/', `:${port}/`)], { timeout: 20_000 }),
    ).resolves.toBeDefined()
    const response = await fetch(`http://127.0.0.1:${port}/rpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // A method only devnet has, answered with this devnet's own configuration: /rpc is forwarded to it.
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'devnet_getConfig', params: [] }),
    })
    const { result } = (await response.json()) as { result: { seed: number; total_accounts: number } }
    expect(result).toMatchObject({ seed: 0, total_accounts: 10 })
  } finally {
    if (child.pid && child.pid > 0 && child.exitCode === null) {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
    }
    rmSync(state, { recursive: true, force: true })
  }
  expect(existsSync(state)).toBe(false)
})
