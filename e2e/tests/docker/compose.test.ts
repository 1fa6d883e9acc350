// No Docker engine runs here: this checks what can be checked without one. The compose file parses (and
// `docker-compose config` accepts it where that tool is installed); every service builds from a Dockerfile
// whose inputs exist; the demo is built for a wallet URL the host's browser reaches; state lives in a named
// volume; the e2e container runs on an internal network with everything installed at build time; and the
// wallet-sim and demo commands are run for real, as written (ports and the volume path swapped for free
// ones), with their health checks and the Host names the e2e browser uses. The devnet profile (starknet-devnet
// and a wallet-sim in --node mode) is checked here for its wiring; e2e/devnet/compose.test.ts runs its devnet
// command and health check on the local starknet-devnet.
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify, stripVTControlCharacters } from 'node:util'
import { afterAll, describe, expect, test } from 'vitest'
import { parse } from 'yaml'
import { DEVNET_VERSION } from '../../support/devnet.ts'

const ROOT = join(import.meta.dirname, '..', '..', '..')
const run = promisify(execFile)

interface Service {
  build: { context: string; dockerfile: string; args?: Record<string, string> }
  image?: string
  profiles?: string[]
  entrypoint?: string[]
  command: string[]
  ports?: string[]
  volumes?: string[]
  networks?: string[]
  environment?: Record<string, string>
  healthcheck?: { test: string[] }
  depends_on?: Record<string, { condition: string }>
}
const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, Service>
  volumes?: Record<string, unknown>
  networks?: Record<string, { internal?: boolean }>
}
const services = compose.services
const dockerfile = (name: string) => readFileSync(join(ROOT, services[name]!.build.dockerfile), 'utf8')

/** The files a Dockerfile copies from the build context. */
function copiedSources(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('COPY '))
    .flatMap((line) => line.slice(5).trim().split(/\s+/).slice(0, -1))
}

/**
 * A service's published ports as Docker Compose reads them: `${NAME:-default}` interpolated from `env`
 * (the shell's environment), then the short syntax `[HOST_IP:]HOST_PORT:CONTAINER_PORT`.
 */
function publishedPorts(service: Service, env: Readonly<Record<string, string>> = {}) {
  return (service.ports ?? []).map((entry) => {
    const text = entry.replace(/\$\{(\w+)(?::-([^}]*))?\}/g, (_, name: string, fallback = '') =>
      env[name] ? env[name] : fallback,
    )
    const parts = text.split(':')
    const [hostPort, containerPort] = parts.slice(-2)
    // No host address: Docker binds every interface of the host (0.0.0.0 and ::).
    return { address: parts.length > 2 ? parts.slice(0, -2).join(':') : '', hostPort, containerPort }
  })
}

/** The value after `flag` in a command line. */
const flagValue = (command: readonly string[], flag: string) => command[command.indexOf(flag) + 1]

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** Spawns a service's command in the repository, as the image's WORKDIR holds it; resolves once `ready` prints. */
async function spawnService(command: string[], ready: RegExp): Promise<ChildProcess> {
  const child = spawn(command[0]!, command.slice(1), { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      // Vite colours the port when CI is set (picocolors), even into a pipe: match on the plain text.
      output += stripVTControlCharacters(chunk.toString())
      if (ready.test(output)) resolve()
    }
    child.stdout!.on('data', read)
    child.stderr!.on('data', read)
    child.once('exit', (code) => reject(new Error(`${command.join(' ')} exited (${code}):\n${output}`)))
  })
  return child
}
const children: ChildProcess[] = []
afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
})

/** GET `url` naming `host` in the Host header (what a client inside the compose network sends). */
async function statusFor(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.once('error', reject)
    req.end()
  })
}

/** A response header of GET `url`. */
async function headerFor(url: string, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(url, (res) => {
      res.resume()
      resolve(String(res.headers[name] ?? ''))
    })
    req.once('error', reject)
    req.end()
  })
}

/** Runs a health check's `node -e` probe with the port it names swapped for `port`. */
function probe(service: Service, port: number) {
  const [, , flag, script] = service.healthcheck!.test
  expect(flag).toBe('-e')
  return run('node', ['-e', script!.replace(/:(3005|5173)\//, `:${port}/`)], { timeout: 20_000 })
}

describe('docker-compose.yml', () => {
  test('has the wallet-sim, demo and e2e services, and devnet + wallet-sim-devnet in the devnet profile', () => {
    expect(Object.keys(services).sort()).toEqual(['demo', 'devnet', 'e2e', 'wallet-sim', 'wallet-sim-devnet'])
    const profiled = Object.keys(services).filter((name) => services[name]!.profiles)
    // `docker compose up` without --profile starts exactly what it started before.
    expect(profiled.sort()).toEqual(['devnet', 'wallet-sim-devnet'])
    for (const name of profiled) expect(services[name]!.profiles).toEqual(['devnet'])
  })

  const hasCompose = (() => {
    try {
      execFileSync('docker-compose', ['version'], { stdio: 'ignore' })
      return true
    } catch {
      return false
    }
  })()
  test.skipIf(!hasCompose)('docker-compose config accepts it (where docker-compose is installed)', () => {
    expect(execFileSync('docker-compose', ['config', '-q'], { cwd: ROOT, encoding: 'utf8' })).toBe('')
    const devnet = execFileSync('docker-compose', ['--profile', 'devnet', 'config', '--services'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
    expect(devnet.trim().split('\n').sort()).toEqual(Object.keys(services).sort())
  })

  const built = Object.keys(services).filter((name) => !services[name]!.image)
  test.each(built)('%s builds from a Dockerfile whose inputs exist', (name) => {
    const service = services[name]!
    expect(service.build.context).toBe('.')
    expect(existsSync(join(ROOT, service.build.dockerfile))).toBe(true)
    for (const source of copiedSources(dockerfile(name))) {
      expect(existsSync(join(ROOT, source)), `${service.build.dockerfile} copies ${source}`).toBe(true)
    }
    // npx may go to the registry for what it does not find: commands run installed files directly.
    expect(service.command[0]).toBe('node')
    expect(existsSync(join(ROOT, service.command[1]!)), service.command[1]).toBe(true)
  })

  test('devnet runs the pinned starknet-devnet image with the Argent class predeclared and seed 0', () => {
    const devnet = services.devnet!
    expect(devnet.build).toBeUndefined()
    expect(devnet.image).toBe(`shardlabs/starknet-devnet-rs:${DEVNET_VERSION}`)
    // The image's entrypoint passes --host itself, and devnet refuses a flag twice: the entrypoint is ours.
    expect(devnet.entrypoint).toEqual(['tini', '--', 'starknet-devnet'])
    expect(devnet.command).toContain('--predeclare-argent')
    expect(flagValue(devnet.command, '--seed')).toBe('0')
    expect(flagValue(devnet.command, '--host')).toBe('0.0.0.0')
    const devnetPort = flagValue(devnet.command, '--port')
    expect(publishedPorts(devnet)).toEqual([
      { address: '127.0.0.1', hostPort: devnetPort, containerPort: devnetPort },
    ])
    expect(devnet.healthcheck!.test.slice(0, 3)).toEqual(['CMD', 'bash', '-c'])
    expect(devnet.healthcheck!.test[3]).toContain(`/dev/tcp/127.0.0.1/${flagValue(devnet.command, '--port')}`)
  })

  test('wallet-sim-devnet is wallet-sim in --node mode on devnet, beside the default one', () => {
    const sim = services['wallet-sim-devnet']!
    const devnet = services.devnet!
    expect(sim.build).toEqual(services['wallet-sim']!.build)
    const node = new URL(flagValue(sim.command, '--node')!)
    expect(node.hostname).toBe('devnet')
    expect(node.port).toBe(flagValue(devnet.command, '--port'))
    expect(node.pathname).toBe('/rpc')
    expect(sim.depends_on).toEqual({ devnet: { condition: 'service_healthy' } })
    // Its own published port and state volume: it runs beside the default wallet-sim.
    const port = flagValue(sim.command, '--port')!
    expect(port).not.toBe(flagValue(services['wallet-sim']!.command, '--port'))
    expect(publishedPorts(sim)).toEqual([{ address: '127.0.0.1', hostPort: port, containerPort: port }])
    expect(sim.healthcheck!.test.join(' ')).toContain(`127.0.0.1:${port}/is_alive`)
    const [volume, mountPoint] = sim.volumes![0]!.split(':')
    expect(volume).not.toBe(services['wallet-sim']!.volumes![0]!.split(':')[0])
    expect(compose.volumes).toHaveProperty(volume!)
    expect(flagValue(sim.command, '--state')!.startsWith(`${mountPoint}/`)).toBe(true)
    // The demo the host's browser opens (?wallet=http://localhost:3006) may embed it.
    expect(sim.command).toContain('http://localhost:5173')
    expect(publishedPorts(services.demo!).map((p) => `${p.hostPort}:${p.containerPort}`)).toContain(
      '5173:5173',
    )
  })

  // wallet-sim's dev API answers clients without an Origin (the inbox with login codes, minting): on a LAN
  // interface anyone could read a code and log in as the user. Exposing the stack is a deliberate setting.
  test('every published port binds to 127.0.0.1 unless WEBWALLET_BIND names another address', () => {
    const published = Object.entries(services).flatMap(([name, service]) =>
      publishedPorts(service).map((port) => ({ name, ...port })),
    )
    expect(published.map((p) => p.name).sort()).toEqual(['demo', 'devnet', 'wallet-sim', 'wallet-sim-devnet'])
    for (const port of published) expect(port, port.name).toMatchObject({ address: '127.0.0.1' })
    for (const [name, service] of Object.entries(services))
      for (const port of publishedPorts(service, { WEBWALLET_BIND: '0.0.0.0' }))
        expect(port.address, name).toBe('0.0.0.0')
    // The header says how, and CONTRIBUTING.md's Docker section too.
    expect(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')).toContain(
      'WEBWALLET_BIND=0.0.0.0 docker compose',
    )
    expect(readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8')).toContain(
      'WEBWALLET_BIND=0.0.0.0 docker compose',
    )
  })

  test('the demo opened at localhost or 127.0.0.1 may embed wallet-sim and use its dev API', () => {
    for (const name of ['wallet-sim', 'wallet-sim-devnet']) {
      const command = services[name]!.command
      const allowed = command.flatMap((arg, i) => (command[i - 1] === '--allow-dapp' ? [arg] : []))
      expect(allowed, name).toEqual(
        expect.arrayContaining(['http://localhost:5173', 'http://127.0.0.1:5173']),
      )
    }
  })

  test('the demo is built for the wallet URL the host browser reaches: the port wallet-sim publishes', () => {
    const walletUrl = new URL(services.demo!.build.args!.WALLET_URL!)
    expect(walletUrl.hostname).toBe('localhost')
    const published = publishedPorts(services['wallet-sim']!).map((p) => [p.hostPort, p.containerPort])
    expect(published).toContainEqual([walletUrl.port, flagValue(services['wallet-sim']!.command, '--port')])
    expect(dockerfile('demo')).toMatch(/ENV VITE_WALLET_URL=\$\{WALLET_URL\}/)
  })

  test('the wallet image builds its UI in production mode and keeps its state in a named volume', () => {
    const text = dockerfile('wallet-sim')
    expect(text).not.toMatch(/NODE_ENV=development/)
    // buildUi.mjs runs vite build in production mode whatever NODE_ENV says (wallet-sim/src/buildUi.test.ts).
    expect(text).toMatch(/RUN node wallet-sim\/scripts\/buildUi\.mjs/)
    const sim = services['wallet-sim']!
    const [volume, mountPoint] = sim.volumes![0]!.split(':')
    expect(compose.volumes).toHaveProperty(volume!)
    expect(flagValue(sim.command, '--state')!.startsWith(`${mountPoint}/`)).toBe(true)
  })

  test('the e2e container is on an internal network only, everything installed at build time', () => {
    const e2e = services.e2e!
    expect(e2e.networks).toEqual(['e2e'])
    expect(compose.networks?.e2e?.internal).toBe(true)
    for (const name of ['wallet-sim', 'demo']) expect(services[name]!.networks).toContain('e2e')
    const text = dockerfile('e2e')
    expect(text).toMatch(/apt-get install[^\n]*chromium/)
    expect(text).toMatch(/CHROMIUM_PATH=\/usr\/bin\/chromium/)
    // Every test-only client of compat/ outside the workspaces: the container cannot reach the registry later.
    const installed = /RUN node scripts\/build\.mjs && node scripts\/compat\.mjs ([^\n]+)/.exec(text)?.[1]
    const { workspaces } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      workspaces: string[]
    }
    const outside = readdirSync(join(ROOT, 'compat')).filter((name) => !workspaces.includes(`compat/${name}`))
    expect(installed?.split(' ').sort()).toEqual(outside.sort())
    expect(e2e.command).toEqual(['node', 'node_modules/vitest/vitest.mjs', 'run', '--project', 'e2e'])
    expect(readFileSync(join(ROOT, 'vitest.config.ts'), 'utf8')).toContain("'e2e'")
    expect(e2e.environment).toEqual({
      E2E_WALLET_URL: 'http://wallet-sim:3005',
      E2E_DEMO_URL: 'http://demo:5173',
    })
    expect(e2e.depends_on).toEqual({
      'wallet-sim': { condition: 'service_healthy' },
      demo: { condition: 'service_healthy' },
    })
    expect(services.demo!.depends_on).toEqual({ 'wallet-sim': { condition: 'service_healthy' } })
  })

  test('the wallet-sim command runs as written: health check, the e2e Host name, the state file', async () => {
    const port = await freePort()
    const state = mkdtempSync(join(tmpdir(), 'compose-state-'))
    try {
      const command = services['wallet-sim']!.command.map((arg) =>
        arg === '3005' ? String(port) : arg.replace(/^\/data\//, `${state}/`),
      )
      const child = await spawnService(command, /Ready in/)
      await expect(probe(services['wallet-sim']!, port)).resolves.toBeDefined()
      expect(await statusFor(`http://127.0.0.1:${port}/`, `wallet-sim:${port}`)).toBe(200)
      expect(await statusFor(`http://127.0.0.1:${port}/`, `elsewhere.example:${port}`)).toBe(403)
      // An explicit --allow-dapp adds to the local hosts: pages of 127.0.0.1 (any port) still embed the wallet.
      const policy = await headerFor(`http://127.0.0.1:${port}/iframes/comms`, 'content-security-policy')
      expect(policy).toMatch(/frame-ancestors [^;]*http:\/\/127\.0\.0\.1:\*/)
      expect(policy).toMatch(/frame-ancestors [^;]*http:\/\/localhost:\*/)
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
      expect(existsSync(join(state, 'wallet-sim-state.json'))).toBe(true)
    } finally {
      rmSync(state, { recursive: true, force: true })
    }
  }, 60_000)

  test('the demo command serves the built demo to the e2e browser (Host demo) and its health check', async () => {
    expect(
      existsSync(join(ROOT, 'demo', 'dist', 'index.html')),
      'build the demo: npm run build -w demo',
    ).toBe(true)
    const port = await freePort()
    const command = services.demo!.command.map((arg) => (arg === '5173' ? String(port) : arg))
    const child = await spawnService(command, new RegExp(`:${port}`))
    await expect(probe(services.demo!, port)).resolves.toBeDefined()
    expect(await statusFor(`http://127.0.0.1:${port}/`, `demo:${port}`)).toBe(200)
    child.kill('SIGTERM')
  }, 60_000)
})
