// `npm start` (scripts/start.mjs) as a user runs it, on free ports: its two children live and die together.
// A dead wallet-sim stops the demo (its port is freed, start.mjs says why and exits non-zero); Ctrl-C
// (SIGINT) leaves no process of either group behind, so the next start finds its ports free.
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { afterEach, expect, test } from 'vitest'

const START = join(import.meta.dirname, '..', '..', '..', 'scripts', 'start.mjs')

interface Started {
  readonly child: ChildProcess
  readonly pids: { 'wallet-sim': number; demo: number }
  readonly ports: { sim: number; demo: number }
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  output(): string
}

const running: Started[] = []
afterEach(() => {
  // A failed assertion must not leave the children running: kill what is left of their groups.
  // A pid still 0 (never read) must be skipped: process.kill(-0) signals our own group, the whole test run.
  for (const { child, pids } of running.splice(0)) {
    for (const pid of [...Object.values(pids), child.pid ?? 0])
      pid > 0 && groupAlive(pid) && process.kill(-pid, 'SIGKILL')
  }
})

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function portFree(port: number): Promise<boolean> {
  const server = createServer()
  const bound = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false))
    server.listen(port, () => resolve(true))
  })
  if (bound) await new Promise((resolve) => server.close(resolve))
  return bound
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0)
    return true
  } catch {
    return false
  }
}

/** Spawns start.mjs (in its own group, as a terminal would) and waits until both servers are ready. */
async function start(ports = { sim: 0, demo: 0 }): Promise<Started> {
  if (!ports.sim) ports = { sim: await freePort(), demo: await freePort() }
  const child = spawn(process.execPath, [START], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, WALLET_SIM_PORT: String(ports.sim), DEMO_PORT: String(ports.demo) },
  })
  let output = ''
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  const ready = new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      // Vite colours its URL when CI is set (picocolors), even into a pipe: match on the plain text.
      output += stripVTControlCharacters(chunk.toString())
      if (
        /\[wallet-sim\] Ready in/.test(output) &&
        new RegExp(`\\[demo\\].*localhost:${ports.demo}`).test(output)
      )
        resolve()
    }
    child.stdout!.on('data', read)
    child.stderr!.on('data', read)
    void exited.then(({ code }) =>
      reject(new Error(`start.mjs exited (${code}) before it was ready:\n${output}`)),
    )
  })
  const started: Started = { child, ports, exited, output: () => output, pids: { 'wallet-sim': 0, demo: 0 } }
  running.push(started)
  await ready
  for (const name of ['wallet-sim', 'demo'] as const) {
    const pid = new RegExp(`\\[start\\] ${name} started \\(pid (\\d+)\\)`).exec(output)?.[1]
    expect(pid, output).toBeDefined()
    started.pids[name] = Number(pid)
  }
  return started
}

test('a wallet-sim that dies stops the demo, frees its port and ends npm start with a message', async () => {
  const started = await start()
  expect(await portFree(started.ports.demo)).toBe(false)
  process.kill(started.pids['wallet-sim'], 'SIGKILL')
  const { code } = await started.exited
  expect(code).not.toBe(0)
  expect(started.output()).toContain('[start] wallet-sim exited (SIGKILL): stopping demo.')
  expect(groupAlive(started.pids.demo)).toBe(false)
  expect(await portFree(started.ports.demo)).toBe(true)
  expect(await portFree(started.ports.sim)).toBe(true)
}, 120_000)

test('Ctrl-C (SIGINT) stops both groups, Vite included, and the next start gets the same ports', async () => {
  const first = await start()
  process.kill(first.child.pid!, 'SIGINT')
  expect(await first.exited).toEqual({ code: 0, signal: null })
  expect(first.output()).toContain('[start] SIGINT: stopping wallet-sim and demo.')
  for (const pid of Object.values(first.pids)) expect(groupAlive(pid)).toBe(false)
  expect(await portFree(first.ports.sim)).toBe(true)
  expect(await portFree(first.ports.demo)).toBe(true)
  const second = await start(first.ports)
  process.kill(second.child.pid!, 'SIGINT')
  expect(await second.exited).toEqual({ code: 0, signal: null })
}, 180_000)

test('a port in use is named before anything starts', async () => {
  const busy = createServer()
  await new Promise<void>((resolve) => busy.listen(0, resolve))
  const port = (busy.address() as { port: number }).port
  try {
    const child = spawn(process.execPath, [START], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, WALLET_SIM_PORT: String(await freePort()), DEMO_PORT: String(port) },
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    const code = await new Promise((resolve) => child.once('exit', resolve))
    expect(code).toBe(1)
    expect(stderr).toContain(`Port ${port} (demo) is in use`)
  } finally {
    busy.close()
  }
})
