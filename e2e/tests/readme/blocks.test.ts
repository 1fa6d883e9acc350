// Every fenced code block of every README.md in the repository, checked by what its fence says, so the docs
// cannot drift from the code. A failing block is reported as `FILE:LINE` (the line of its opening fence).
// The convention is documented for writers in the root README ("Contributing: code blocks in READMEs").
//
//   ```ts / ```js / ```mjs   runs as written on Node 20.19+: type-checked (ts) with the repository's strict
//                            settings, its types stripped (esbuild transform, target esnext: nothing else is
//                            changed, and `await using` is refused with the way out, as Node 20 cannot parse
//                            it), then run by `node` as an ES module next to the workspace's node_modules, so
//                            its imports resolve as an app's would. It must exit 0 within a minute. The
//                            workspace packages may export TypeScript sources in the monorepo: nodePreamble.mjs
//                            registers tsx for them. A block that talks to a running wallet-sim writes
//                            http://localhost:3005 (or uses `environment: 'dev'`): the test starts one on a
//                            free port, as `npx wallet-sim --approve auto --email dev@example.com` would,
//                            rewrites that origin in the block, and the preamble sends fetches to it there.
//   ```ts browser / ```tsx browser
//                            type-checked, bundled for the browser (the packages' own `dev` URLs rewritten
//                            too) and loaded as a module by a page on http://localhost:<free port> (a <button>
//                            and a <div id="root"> on it) in headless Chromium, against the same wallet-sim:
//                            its top-level code must finish with no page error. Nothing is clicked: code in a
//                            click handler is type-checked, not run.
//   ```ts no-run / ```tsx no-run
//                            a fragment (internal walkthroughs, excerpts): type-checked only, names it does not
//                            define (placeholders like `inbox`, `account`) allowed.
//   ```sh                    not run; the npm scripts, bins, wallet-sim flags, files, compose services and
//                            wallet-sim paths it names must exist (support/readmeSh.ts).
//   ```json                  must parse. Other fences (plain text, output) are not checked; unknown flags fail.
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, join, relative, resolve } from 'node:path'
import { type RunningSim, startSim } from '@webwallet/wallet-sim'
import { build, transform } from 'esbuild'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchBrowser } from '../../support/browser'
import { type Block, blocksOf, findReadmes, ROOT } from '../../support/readmeBlocks'
import { checkShellBlock } from '../../support/readmeSh'

const CACHE = join(ROOT, 'node_modules', '.cache', 'readmeBlocks')
const PREAMBLE = join(import.meta.dirname, 'nodePreamble.mjs')
const blocks = findReadmes().flatMap((file) => blocksOf(file))
const where = (block: Block) => `${block.file}:${block.line}`
const slug = (block: Block) => `${block.file.replace(/[^a-zA-Z0-9]+/g, '_')}_${block.line}`
const typed = (block: Block) =>
  ['node', 'browser', 'typecheck'].includes(block.kind) && /^tsx?$/.test(block.lang)

/** Type errors a `no-run` fragment may have: names it leaves to the reader's context. */
// 2304/2552 unknown name, 18004 shorthand of an unknown name, 7005/7006/7031/7034 implicit any (a callback
// whose context is a placeholder), 2448/2454 used before assignment.
const FRAGMENT_ERRORS = new Set([2304, 2552, 18004, 2448, 2454, 7005, 7006, 7031, 7034])

let sim: RunningSim
const typeErrors = new Map<string, string[]>()

/** The block as a module file in CACHE: relative imports re-pointed at the README's folder. */
function sourceOf(block: Block): string {
  const from = dirname(join(ROOT, block.file))
  const code = block.code.replace(
    /(from\s+|import\s*\(\s*)(['"])(\.\.?\/[^'"]+)\2/g,
    (_m, head, quote, spec) => {
      const target = relative(CACHE, resolve(from, spec))
      return `${head}${quote}${target.startsWith('.') ? target : `./${target}`}${quote}`
    },
  )
  // Each block is a module of its own (top-level await, no clashes between blocks' names).
  return /^\s*(import|export)\s/m.test(code) ? code : `${code}export {}\n`
}

const fileOf = (block: Block) => join(CACHE, `${slug(block)}.${block.lang === 'tsx' ? 'tsx' : block.lang}`)

/**
 * tsc over every typed block, errors kept per block as `FILE:LINE: message`. tsc reports no type errors at
 * all while a file has a syntax error, so files with syntax errors are set aside and tsc runs again.
 */
function typeCheck(): void {
  let files = blocks.filter(typed).map((block) => ({ block, path: fileOf(block) }))
  for (let pass = 0; pass < 3 && files.length; pass++) {
    const broken = new Set<string>()
    // The last pass a block is in has the whole truth about it (an earlier one may have stopped at syntax).
    for (const { block } of files) typeErrors.delete(where(block))
    for (const { path, row, code, message } of runTsc(files.map((file) => file.path))) {
      const entry = files.find((file) => file.path === path)
      if (!entry) continue
      if (code < 2000) broken.add(path)
      if (entry.block.kind === 'typecheck' && FRAGMENT_ERRORS.has(code)) continue
      const key = where(entry.block)
      typeErrors.set(key, [
        ...(typeErrors.get(key) ?? []),
        `${entry.block.file}:${entry.block.line + row}: TS${code} ${message}`,
      ])
    }
    if (!broken.size) return
    files = files.filter((file) => !broken.has(file.path))
  }
}

function runTsc(paths: string[]): { path: string; row: number; code: number; message: string }[] {
  writeFileSync(
    join(CACHE, 'tsconfig.json'),
    JSON.stringify({
      extends: relative(CACHE, join(ROOT, 'tsconfig.base.json')),
      compilerOptions: { noUnusedLocals: false, types: ['node'] },
      files: paths.map((path) => relative(CACHE, path)),
    }),
  )
  const tsc = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', CACHE, '--pretty', 'false'],
    { encoding: 'utf8', cwd: ROOT },
  )
  return tsc.stdout.split('\n').flatMap((line) => {
    const match = /^(.+?)\((\d+),\d+\): error TS(\d+): (.*)$/.exec(line)
    if (!match) return []
    const [, path = '', row = '0', code = '0', message = ''] = match
    return [{ path: resolve(ROOT, path), row: Number(row), code: Number(code), message }]
  })
}

/** The origin a block writes for "the running wallet-sim", and the one the test started. */
const DEV_ORIGIN = /(localhost|127\.0\.0\.1):3005\b/g
const simHost = () => `localhost:${new URL(sim.url).port}`

/** The block bundled for the browser, wallet-sim's dev origin (the packages' too) pointed at the test's. */
async function bundleForBrowser(block: Block): Promise<string> {
  const result = await build({
    entryPoints: [fileOf(block)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic',
  })
  return result.outputFiles[0]!.text.replace(DEV_ORIGIN, simHost())
}

/**
 * The block as Node runs it: types stripped (nothing else: esnext), wallet-sim's dev origin pointed at the
 * test's. Node loads it and resolves its imports itself (nodePreamble.mjs lets it load workspace packages
 * that export TypeScript sources, and sends the packages' own `dev` fetches to the test's wallet-sim).
 */
async function forNode(block: Block): Promise<string> {
  const { code } = await transform(sourceOf(block), {
    loader: block.lang === 'ts' ? 'ts' : 'js',
    format: 'esm',
    target: 'esnext',
  })
  return code.replace(DEV_ORIGIN, simHost())
}

/** Runs a block's module with `node`; resolves with its exit code and output. */
function runNode(file: string): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', PREAMBLE, file], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, README_BLOCK_SIM: sim.url.replace('127.0.0.1', 'localhost') },
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

beforeAll(async () => {
  rmSync(CACHE, { recursive: true, force: true })
  mkdirSync(CACHE, { recursive: true })
  for (const block of blocks.filter((b) => ['node', 'browser', 'typecheck'].includes(b.kind)))
    writeFileSync(fileOf(block), sourceOf(block))
  typeCheck()
  sim = await startSim({ approve: 'auto', email: 'dev@example.com' })
}, 300_000)
afterAll(async () => {
  await sim?.close()
})

test('finds the READMEs and their blocks', () => {
  const files = new Set(blocks.map((block) => block.file))
  for (const file of ['README.md', 'shim/README.md', 'wallet-sim/README.md', 'protocol/README.md'])
    expect(files).toContain(file)
  expect(blocks.filter((block) => block.kind === 'node').length).toBeGreaterThan(0)
})

describe.each(
  blocks.filter((block) => block.kind !== 'other').map((block) => [where(block), block] as const),
)('%s', (name, block) => {
  if (typed(block))
    test(`${block.lang}${block.flags.length ? ` ${block.flags.join(' ')}` : ''} type-checks`, () => {
      expect(typeErrors.get(name) ?? [], `${name}: type errors`).toEqual([])
    })
  if (block.kind === 'node')
    test('runs on Node', async () => {
      // Node 20 cannot parse these: fail with the way out rather than a bare SyntaxError.
      const using = /^\s*(await\s+)?using\s+[\w{[]/m.exec(block.code)
      expect(
        using,
        `${name}: \`${using?.[0].trim()}\` is a SyntaxError on Node 20; use try/finally`,
      ).toBeNull()
      const file = join(CACHE, `${slug(block)}.run.mjs`)
      writeFileSync(file, await forNode(block))
      const { code, output } = await runNode(file)
      expect(code, `${name} exited ${code}:\n${output}`).toBe(0)
    }, 90_000)
  if (block.kind === 'browser') test('loads in Chromium', () => runInBrowser(block), 90_000)
  if (block.kind === 'sh') test('names commands that exist', () => checkShellBlock(block.code))
  if (block.kind === 'json') test('parses', () => expect(() => JSON.parse(block.code), name).not.toThrow())
})

async function runInBrowser(block: Block): Promise<void> {
  const script = await bundleForBrowser(block)
  const server: Server = createServer((req, res) => {
    if (req.url === '/block.js') {
      res.setHeader('content-type', 'text/javascript')
      res.end(script)
      return
    }
    res.setHeader('content-type', 'text/html')
    res.end(`<!doctype html><meta charset="utf-8"><button>Connect</button><div id="root"></div>
<script type="module">import('/block.js').then(() => { window.__block = 'done' }, (e) => { window.__block = String(e && e.stack || e) })</script>`)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  try {
    await using browser = await launchBrowser()
    const page = await browser.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.stack ?? error.message))
    await page.goto(`http://localhost:${(server.address() as AddressInfo).port}/`)
    const outcome = await page.waitForFunction(() => (window as { __block?: string }).__block, undefined, {
      timeout: 60_000,
    })
    expect(await outcome.jsonValue(), where(block)).toBe('done')
    expect(errors, `${where(block)}: page errors`).toEqual([])
  } finally {
    server.close()
  }
}
