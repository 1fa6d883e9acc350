// No Docker engine runs here: this checks what can be checked without one — the compose file parses, every
// service builds from a Dockerfile whose inputs exist, every command exists, and ports and health checks match
// the servers they probe (the wallet-sim health check is run for real against a started simulator).
import { execFile, execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { startSim } from '@webwallet/wallet-sim'
import { describe, expect, test } from 'vitest'
import { parse } from 'yaml'

const ROOT = join(import.meta.dirname, '..', '..', '..')

interface Service {
  build: { context: string; dockerfile: string; args?: Record<string, string> }
  command: string[]
  ports?: string[]
  environment?: Record<string, string>
  healthcheck?: { test: string[] }
  depends_on?: Record<string, { condition: string }>
}
const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, Service>
}
const services = compose.services

/** The files a Dockerfile copies from the build context. */
function copiedSources(dockerfile: string): string[] {
  return readFileSync(join(ROOT, dockerfile), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('COPY '))
    .flatMap((line) => line.slice(5).trim().split(/\s+/).slice(0, -1))
}

describe('docker-compose.yml', () => {
  test('has the wallet-sim, demo and e2e services', () => {
    expect(Object.keys(services).sort()).toEqual(['demo', 'e2e', 'wallet-sim'])
  })

  test.each(Object.entries(services))('%s builds from a Dockerfile whose inputs exist', (_name, service) => {
    expect(service.build.context).toBe('.')
    expect(existsSync(join(ROOT, service.build.dockerfile))).toBe(true)
    for (const source of copiedSources(service.build.dockerfile)) {
      expect(existsSync(join(ROOT, source)), `${service.build.dockerfile} copies ${source}`).toBe(true)
    }
  })

  test('every command runs something that exists', () => {
    const sim = services['wallet-sim']!.command
    expect(sim.slice(0, 2)).toEqual(['node', 'wallet-sim/bin/wallet-sim.js'])
    expect(existsSync(join(ROOT, sim[1]!))).toBe(true)
    const demo = services.demo!.command
    expect(demo.slice(0, 3)).toEqual(['npx', 'vite', 'preview'])
    expect(existsSync(join(ROOT, demo[demo.indexOf('--config') + 1]!))).toBe(true)
    const e2e = services.e2e!.command
    expect(e2e).toEqual(['npx', 'vitest', 'run', '--project', 'e2e'])
    const projects = readFileSync(join(ROOT, 'vitest.config.ts'), 'utf8')
    expect(projects).toContain("'e2e'")
  })

  test('the wallet-sim command line is accepted by the real CLI', () => {
    const args = services['wallet-sim']!.command.slice(1)
    const out = execFileSync('node', [...args, '--help'], { cwd: ROOT, encoding: 'utf8' })
    for (const flag of args.filter((a) => a.startsWith('--'))) expect(out).toContain(flag)
  })

  test('published ports match the ports the servers listen on and the health checks probe', () => {
    for (const [name, port] of [
      ['wallet-sim', '3005'],
      ['demo', '5173'],
    ] as const) {
      const service = services[name]!
      expect(service.ports).toEqual([`${port}:${port}`])
      expect(service.command[service.command.indexOf('--port') + 1]).toBe(port)
      expect(service.healthcheck!.test.join(' ')).toContain(`http://127.0.0.1:${port}/`)
    }
    expect(services.e2e!.environment).toEqual({
      E2E_WALLET_URL: 'http://wallet-sim:3005',
      E2E_DEMO_URL: 'http://demo:5173',
    })
    expect(services.demo!.build.args).toEqual({ WALLET_URL: 'http://wallet-sim:3005' })
  })

  test('the e2e service waits for both servers to be healthy', () => {
    expect(services.e2e!.depends_on).toEqual({
      'wallet-sim': { condition: 'service_healthy' },
      demo: { condition: 'service_healthy' },
    })
    expect(services.demo!.depends_on).toEqual({ 'wallet-sim': { condition: 'service_healthy' } })
  })

  test('the wallet-sim health check passes against a running simulator', async () => {
    await using sim = await startSim({ port: 0 })
    const [, , flag, script] = services['wallet-sim']!.healthcheck!.test
    expect(flag).toBe('-e')
    const probe = script!.replace('http://127.0.0.1:3005', sim.url)
    // Asynchronously: the simulator runs in this process and must keep answering while the probe runs.
    const run = promisify(execFile)
    await expect(run('node', ['-e', probe], { timeout: 10_000 })).resolves.toBeDefined()
    await sim.close()
    await expect(run('node', ['-e', probe], { timeout: 10_000 })).rejects.toThrow()
  })
})
