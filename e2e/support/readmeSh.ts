// The cheap checks of a README's ```sh block: it is not run, but what it names must exist — npm scripts
// (per workspace), bins and their flags (`npx wallet-sim --help`), files given to node, compose services,
// and the wallet-sim route a curl line calls. Commands that are not ours (git, apt-get, cd…) pass.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { ROOT } from './readmeBlocks'

interface Pkg {
  name: string
  scripts?: Record<string, string>
  bin?: Record<string, string> | string
  workspaces?: string[]
}
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Pkg
const root = readJson(join(ROOT, 'package.json'))
const workspaces = (root.workspaces ?? []).map((dir) => ({
  dir,
  pkg: readJson(join(ROOT, dir, 'package.json')),
}))

/** wallet-sim's top-level paths (a curl line must call one of them). */
const SIM_PREFIXES = [
  '/rpc',
  '/ws',
  '/v1',
  '/dev',
  '/login',
  '/paymaster',
  '/cosigner',
  '/allowlist',
  '/wallet',
  '/trpc',
  '/is_alive',
  '/iframes',
  '/interstitialLogin',
  '/signMessage',
  '/signSessionKeys',
  '/review',
  '/assets',
]

let simHelp: string | undefined
function walletSimHelp(): string {
  simHelp ??= execFileSync(process.execPath, [join(ROOT, 'wallet-sim', 'bin', 'wallet-sim.js'), '--help'], {
    encoding: 'utf8',
  })
  return simHelp
}

/** Splits a shell line into words, quotes removed (enough for README commands). */
function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!)
}

/** The commands of a block: continuation lines joined, comments dropped, split at && || ; and ` | ` (a bare | is usage text: `manual|auto`). */
export function commandsOf(code: string): string[][] {
  return code
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*$/, ''))
    .flatMap((line) => line.split(/&&|\|\||;|\s\|\s/))
    .map((part) => words(part.trim()))
    .map((argv) => argv.slice(argv.findIndex((word) => !/^[A-Z_][A-Z0-9_]*=/.test(word))))
    .filter((argv) => argv.length > 0 && argv[0] !== undefined)
}

function scriptsOf(workspace: string | undefined): { name: string; scripts: Record<string, string> } {
  if (workspace === undefined) return { name: 'the root package.json', scripts: root.scripts ?? {} }
  const found = workspaces.find(({ dir, pkg }) => pkg.name === workspace || dir === workspace)
  if (!found) throw new Error(`no workspace ${workspace}`)
  return { name: found.pkg.name, scripts: found.pkg.scripts ?? {} }
}

function checkNpm(args: string[]): void {
  const [sub, ...rest] = args
  const at = rest.findIndex((arg) => arg === '-w' || arg === '--workspace')
  const workspace = at === -1 ? undefined : rest[at + 1]
  const script =
    sub === 'run' || sub === 'run-script' ? rest[0] : sub === 'start' || sub === 'test' ? sub : undefined
  if (script === undefined) return
  const { name, scripts } = scriptsOf(workspace)
  if (!scripts[script]) throw new Error(`npm script "${script}" is not in ${name}`)
}

function checkNpx(args: string[]): void {
  const [bin, ...rest] = args
  if (!bin) return
  const ours = workspaces.find(({ pkg }) => typeof pkg.bin === 'object' && bin in pkg.bin)
  if (!ours && !existsSync(join(ROOT, 'node_modules', '.bin', bin)))
    throw new Error(`npx ${bin}: no such bin`)
  if (bin === 'wallet-sim') {
    const help = walletSimHelp()
    for (const flag of rest.flatMap((arg) => arg.match(/--[a-z][a-z0-9-]*/g) ?? [])) {
      if (!help.includes(flag)) throw new Error(`npx wallet-sim: ${flag} is not in \`wallet-sim --help\``)
    }
  }
  if (bin === 'vitest') {
    const project = rest[rest.indexOf('--project') + 1]
    if (
      rest.includes('--project') &&
      !readFileSync(join(ROOT, 'vitest.config.ts'), 'utf8').includes(`'${project}'`)
    )
      throw new Error(`vitest: no project ${project}`)
  }
}

function checkCompose(args: string[]): void {
  const services = Object.keys(
    (parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')) as { services: object }).services,
  )
  if (args[0] !== 'up') return
  for (const name of args
    .slice(1)
    .filter((arg, i, all) => !arg.startsWith('-') && !all[i - 1]?.startsWith('--exit')))
    if (!services.includes(name)) throw new Error(`docker compose: no service ${name}`)
}

function checkCurl(args: string[]): void {
  const url = args.find((arg) => /^(https?:\/\/)?(localhost|127\.0\.0\.1):3005/.test(arg))
  if (!url) return
  const path = new URL(url.startsWith('http') ? url : `http://${url}`).pathname
  if (!SIM_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)))
    throw new Error(`curl ${path}: wallet-sim serves no such path`)
}

/**
 * Throws, naming the command, when a block names a script, bin, flag, file, service or route that does not
 * exist.
 * @example checkShellBlock('npm ci && npm start')
 */
export function checkShellBlock(code: string): void {
  for (const argv of commandsOf(code)) {
    const [command, ...args] = argv
    try {
      if (command === 'npm') checkNpm(args)
      else if (command === 'npx') checkNpx(args)
      else if (command === 'node' && args[0] && !args[0].startsWith('-')) {
        if (!existsSync(join(ROOT, args[0]))) throw new Error(`no file ${args[0]}`)
      } else if (command === 'docker' && args[0] === 'compose') checkCompose(args.slice(1))
      else if (command === 'docker-compose') checkCompose(args)
      else if (command === 'curl') checkCurl(args)
    } catch (error) {
      throw new Error(`\`${argv.join(' ')}\`: ${error instanceof Error ? error.message : error}`)
    }
  }
}
