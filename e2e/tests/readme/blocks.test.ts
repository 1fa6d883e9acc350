// Every fenced code block of every README.md in the repository, checked by what its fence says, so the docs
// cannot drift from the code. A failing block is reported as `FILE:LINE` (the line of its opening fence).
// The convention is documented for writers in CONTRIBUTING.md ("Contributing: code blocks in READMEs").
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
//   ```ts browser / ```tsx browser / ```jsx browser
//                            type-checked (ts, tsx; a jsx block is not: plain JSX has no types to check, and
//                            the bundling below fails on an import that does not resolve or a name a module
//                            does not export), bundled for the browser (the packages' own `dev` URLs
//                            rewritten too) and loaded as a module by a page on http://localhost:<free port>
//                            (a <button> and a <div id="root"> on it) in headless Chromium, against the same
//                            wallet-sim: its top-level code must finish with no page error, and a block that
//                            renders into #root must render something there. Nothing is clicked: code in a
//                            click handler is type-checked, not run. A block that imports a compat-only client
//                            (`@starknet-react/*`) is bundled against that client's compat/ folder: every
//                            package its package.json lists (React 18, starknet.js v8…) resolves from there.
//   ```ts no-run / ```tsx no-run / ```js no-run / ```jsx no-run
//                            a fragment (internal walkthroughs, excerpts): type-checked only (ts, tsx; js and
//                            jsx are parsed), names it does not define (placeholders like `inbox`) allowed.
//   ```tsx / ```jsx          invalid: JSX needs a page, so the fence must say `browser` or `no-run`.
//   ```sh                    not run; the npm scripts, bins, wallet-sim flags, files, compose services and
//                            wallet-sim paths it names must exist (support/readmeSh.ts).
//   ```json                  must parse. Other fences (plain text, output) are not checked; unknown flags fail.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, relative, resolve } from 'node:path'
import { type RunningSim, startSim } from '@webwallet/wallet-sim'
import { build, type Plugin, transform } from 'esbuild'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchBrowser } from '../../support/browser'
import { type Block, blocksOf, DOCUMENTED_FILES, findReadmes, ROOT } from '../../support/readmeBlocks'
import { DEV_ORIGIN, runOnNode, sourceOf } from '../../support/readmeRun'
import { checkShellBlock } from '../../support/readmeSh'
import { compatDir, resolveFrom } from '../compat/page'

const CACHE = join(ROOT, 'node_modules', '.cache', 'readmeBlocks')
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
let browser: ReturnType<typeof launchBrowser> | undefined
const typeErrors = new Map<string, string[]>()

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

/** The host of the wallet-sim the test started (DEV_ORIGIN's stand-in). */
const simHost = () => `localhost:${new URL(sim.url).port}`

/** Compat-only clients a browser block may import: the import's prefix → its compat/ folder. */
const COMPAT_CLIENTS: Readonly<Record<string, string>> = { '@starknet-react/': 'starknet-react' }

/**
 * For a block that imports a compat-only client: that compat/ folder installed (scripts/compat.mjs, once) and
 * every package its package.json lists resolved from there, wherever it is imported (the shim's dist too).
 */
function compatPlugins(block: Block): Plugin[] {
  const name = Object.entries(COMPAT_CLIENTS).find(([prefix]) =>
    new RegExp(`(from\\s+|import\\s*\\(\\s*)['"]${prefix}`).test(block.code),
  )?.[1]
  if (!name) return []
  const dir = compatDir(name)
  const { dependencies } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>
  }
  return [resolveFrom(dir, Object.keys(dependencies))]
}

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
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    jsx: 'automatic',
    plugins: compatPlugins(block),
  })
  return result.outputFiles[0]!.text.replace(DEV_ORIGIN, simHost())
}

/** A Node block that talks to the shared wallet-sim (its dev user's nonces): those run one at a time. */
const usesSharedSim = (block: Block) =>
  new RegExp(DEV_ORIGIN.source).test(block.code) || /environment:\s*['"]dev['"]/.test(block.code)
/**
 * The other Node blocks (no wallet-sim, or one of their own on a free port) run in the background from the
 * start, one at a time beside the file's serial tests; each block's test awaits its own run.
 */
const aloneRuns = new Map<Block, ReturnType<typeof runOnNode>>()
function startAloneRuns(): void {
  let previous: Promise<unknown> = Promise.resolve()
  for (const block of blocks.filter((b) => b.kind === 'node' && !usesSharedSim(b))) {
    const run = previous.then(() => runOnNode(block, { cache: CACHE }))
    aloneRuns.set(block, run)
    previous = run.catch(() => {})
  }
}

beforeAll(async () => {
  rmSync(CACHE, { recursive: true, force: true })
  mkdirSync(CACHE, { recursive: true })
  for (const block of blocks.filter((b) => ['node', 'browser', 'typecheck'].includes(b.kind)))
    writeFileSync(fileOf(block), sourceOf(block, CACHE))
  startAloneRuns()
  typeCheck()
  sim = await startSim({ approve: 'auto', email: 'dev@example.com' })
}, 300_000)
afterAll(async () => {
  await (await browser)?.close()
  await sim?.close()
})

test('finds the READMEs, the guides and their blocks', () => {
  const files = new Set(blocks.map((block) => block.file))
  for (const file of DOCUMENTED_FILES) expect(files).toContain(file)
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
      const { code, output } = await (aloneRuns.get(block) ??
        runOnNode(block, { cache: CACHE, simUrl: sim.url }))
      expect(code, `${name} exited ${code}:\n${output}`).toBe(0)
    }, 90_000)
  if (block.kind === 'invalid')
    test('has a fence the test knows', () => expect.fail(`${name}: ${block.problem}`))
  if (block.kind === 'typecheck' && !typed(block))
    test(`${block.lang} ${block.flags.join(' ')} parses (not type-checked)`, async () => {
      const loader = block.lang === 'jsx' ? 'jsx' : 'js'
      await expect(transform(block.code, { loader, format: 'esm' }), name).resolves.toBeDefined()
    })
  if (block.kind === 'browser') test('loads in Chromium', () => runInBrowser(block), 90_000)
  if (block.kind === 'sh') test('names commands that exist', () => checkShellBlock(block.code))
  if (block.kind === 'json') test('parses', () => expect(() => JSON.parse(block.code), name).not.toThrow())
})

/**
 * What a README example must show once loaded, beyond loading cleanly: the block is found by a string in its
 * code, and the test fails if no browser block of that README has it any longer.
 */
const SHOWS = [
  { file: 'docs/react.md', marker: '[new WebWalletSessionConnector(wallet)]', button: 'Start session' },
  { file: 'docs/react.md', marker: 'useSession(wallet)', button: 'Connect' },
  { file: 'docs/react.md', marker: 'throwOnError: true', button: 'Start session' },
  { file: 'docs/react.md', marker: 'new WebWalletConnector(', button: 'Use my wallet' },
] as const

test.each(SHOWS)('$file keeps a browser example with $marker', ({ file, marker }) => {
  const found = blocks.filter((b) => b.file === file && b.kind === 'browser' && b.code.includes(marker))
  expect(found.map(where), `${file}: browser blocks with ${marker}`).toHaveLength(1)
})

/** A block that mounts into the page's #root (`createRoot(document.getElementById('root'))`). */
const ROOT_MOUNT = /getElementById\(\s*['"]root['"]\s*\)/

/**
 * After its top-level code: what a block that mounts into #root failed to render there (nothing, or the button
 * SHOWS names), or undefined. Gives up at once when the page throws (`failed`): the page errors tell why.
 */
async function missingRender(block: Block, page: Page, failed: Promise<void>): Promise<string | undefined> {
  if (!ROOT_MOUNT.test(block.code)) return undefined
  const seen = (locator: Locator) =>
    Promise.race([
      locator.waitFor({ state: 'attached', timeout: 30_000 }).then(
        () => true,
        () => false,
      ),
      failed.then(() => false),
    ])
  if (!(await seen(page.locator('#root > *').first()))) return 'renders nothing into #root'
  for (const { button } of SHOWS.filter((s) => s.file === block.file && block.code.includes(s.marker))) {
    if (!(await seen(page.locator('#root').getByRole('button', { name: button, exact: true }))))
      return `no "${button}" button in #root: ${await page.locator('#root').innerHTML()}`
  }
  return undefined
}

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
  // One Chromium for the file (launched at the first browser block); a fresh profile per block.
  browser ??= launchBrowser()
  const context = await (await browser).newContext()
  try {
    const page = await context.newPage()
    const errors: string[] = []
    const failed = new Promise<void>((stop) =>
      page.on('pageerror', (error) => {
        errors.push(error.stack ?? error.message)
        stop()
      }),
    )
    await page.goto(`http://localhost:${(server.address() as AddressInfo).port}/`)
    const outcome = await page.waitForFunction(() => (window as { __block?: string }).__block, undefined, {
      timeout: 60_000,
    })
    expect(await outcome.jsonValue(), where(block)).toBe('done')
    const missing = await missingRender(block, page, failed)
    expect(errors, `${where(block)}: page errors`).toEqual([])
    expect(missing, where(block)).toBeUndefined()
  } finally {
    await context.close()
    server.close()
  }
}
