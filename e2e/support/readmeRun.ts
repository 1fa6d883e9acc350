// How a documented ```ts / ```js block runs on Node, for the docs test (e2e/tests/readme/blocks.test.ts) and for
// the test of that test (e2e/tests/readme/support.test.ts), which proves that a wrong block in a guide fails.
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { transform } from 'esbuild'
import { type Block, ROOT } from './readmeBlocks'

const PREAMBLE = join(import.meta.dirname, '..', 'tests', 'readme', 'nodePreamble.mjs')

/** The origin a block writes for "the running wallet-sim" (the test swaps in the one it started). */
export const DEV_ORIGIN = /(localhost|127\.0\.0\.1):3005\b/g

/**
 * The block as a module file in `cache`: relative imports re-pointed at its document's folder, and an
 * `export {}` when it has no import or export, so each block is a module of its own (top-level await).
 * @example sourceOf(block, CACHE) // "import { startSim } from '@webwallet/wallet-sim'\n…"
 */
export function sourceOf(block: Block, cache: string, root = ROOT): string {
  const from = dirname(join(root, block.file))
  const code = block.code.replace(
    /(from\s+|import\s*\(\s*)(['"])(\.\.?\/[^'"]+)\2/g,
    (_m, head, quote, spec) => {
      const target = relative(cache, resolve(from, spec))
      return `${head}${quote}${target.startsWith('.') ? target : `./${target}`}${quote}`
    },
  )
  return /^\s*(import|export)\s/m.test(code) ? code : `${code}export {}\n`
}

/**
 * Runs a block with `node` as Node runs it: types stripped (nothing else: esnext), wallet-sim's dev origin
 * pointed at `simUrl` (and the preamble sends the packages' own `dev` fetches there). Resolves with the exit
 * code and the output; a block still running after a minute is killed.
 * @example const { code, output } = await runOnNode(block, { cache: CACHE, simUrl: sim.url })
 */
export async function runOnNode(
  block: Block,
  { cache, simUrl, root = ROOT }: { cache: string; simUrl?: string; root?: string },
): Promise<{ code: number | null; output: string }> {
  const { code: js } = await transform(sourceOf(block, cache, root), {
    loader: block.lang === 'ts' ? 'ts' : 'js',
    format: 'esm',
    target: 'esnext',
  })
  const sim = simUrl?.replace('127.0.0.1', 'localhost')
  const file = join(cache, `${block.file.replace(/[^a-zA-Z0-9]+/g, '_')}_${block.line}.run.mjs`)
  writeFileSync(file, sim ? js.replace(DEV_ORIGIN, new URL(sim).host) : js)
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', PREAMBLE, file], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, README_BLOCK_SIM: sim ?? '' },
    })
    let output = ''
    const read = (chunk: Buffer) => {
      output += chunk.toString()
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
    child.once('exit', (code) => {
      clearTimeout(timer)
      done({ code, output })
    })
  })
}
