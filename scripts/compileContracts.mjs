// `npm run compile:contracts`: compiles each Cairo project in examples/contracts/<name>/ (cairo_project.toml +
// src/) to examples/contracts/artifacts/<name>.contract_class.json (Sierra) and
// <name>.compiled_contract_class.json (CASM), with tools/cairo-compile (the Cairo compiler crates, no Scarb),
// and records in <name>.meta.json the sources' digest and the class hashes. The artifacts are committed:
// CI and the tests never build the compiler (several minutes of Rust); a test checks they match the sources.
//
// The compiler is Cairo 2.16.0 with the corelib that crates.io's cairo-native 0.9.0-rc.4 ships (fetched with
// `cargo info`, which unpacks it into cargo's registry folder): the compiler and its corelib must agree.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { contractDigest } from './contractDigest.mjs'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const CONTRACTS = join(ROOT, 'examples', 'contracts')
const ARTIFACTS = join(CONTRACTS, 'artifacts')
const TOOL = join(ROOT, 'tools', 'cairo-compile')
const COMPILER = 'cairo-lang-starknet 2.16.0'
const CORELIB_CRATE = 'cairo-native@0.9.0-rc.4'

function run(command, args, options = {}) {
  console.log(`compile:contracts: ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, { stdio: 'inherit', ...options })
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal})`)
}

function corelib() {
  const registry = join(process.env.CARGO_HOME || join(homedir(), '.cargo'), 'registry', 'src')
  const find = () => {
    if (!existsSync(registry)) return undefined
    for (const index of readdirSync(registry)) {
      const dir = join(registry, index, CORELIB_CRATE.replace('@', '-'), 'corelib')
      if (existsSync(join(dir, 'src', 'lib.cairo'))) return dir
    }
    return undefined
  }
  if (!find()) run('cargo', ['info', CORELIB_CRATE])
  const dir = find()
  if (!dir) throw new Error(`no corelib in ${CORELIB_CRATE} under ${registry}`)
  const version = /version = "([^"]+)"/.exec(readFileSync(join(dir, 'Scarb.toml'), 'utf8'))?.[1]
  if (version !== '2.16.0') throw new Error(`${dir} is corelib ${version}, the compiler is ${COMPILER}`)
  return dir
}

const core = corelib()
// Low priority: the machine's cores are shared with the tests.
run('nice', ['-n', '19', 'cargo', 'build', '--locked', '--manifest-path', join(TOOL, 'Cargo.toml')])
const binary = join(process.env.CARGO_TARGET_DIR || join(TOOL, 'target'), 'debug', 'cairo-compile')

const { hash } = await import('starknet')
mkdirSync(ARTIFACTS, { recursive: true })
for (const name of readdirSync(CONTRACTS)) {
  const project = join(CONTRACTS, name)
  if (!existsSync(join(project, 'cairo_project.toml'))) continue
  run(binary, [project, '--corelib', core, '--out', ARTIFACTS])
  const sierra = JSON.parse(readFileSync(join(ARTIFACTS, `${name}.contract_class.json`), 'utf8'))
  const casm = JSON.parse(readFileSync(join(ARTIFACTS, `${name}.compiled_contract_class.json`), 'utf8'))
  const meta = {
    compiler: COMPILER,
    sources: contractDigest(project),
    classHash: hash.computeContractClassHash(sierra),
    compiledClassHash: hash.computeCompiledClassHash(casm),
  }
  writeFileSync(join(ARTIFACTS, `${name}.meta.json`), `${JSON.stringify(meta, null, 2)}\n`)
  console.log(`compile:contracts: ${name}: class ${meta.classHash}, compiled class ${meta.compiledClassHash}`)
}
