// Builds one workspace package to dist/, run from its folder (`node ../scripts/buildPackage.mjs`):
// ESM JavaScript, one file per source module (so `sideEffects` lists and bundlers' tree shaking see the same
// modules as the sources), source maps, and `.d.ts` files with declaration maps from tsc. The entries are
// the `@webwallet/source` targets of the package's exports map (plus `--entry src/x.ts` for a bin); only
// the modules they reach are built, so tests and test helpers never land in dist/. Those sources are copied to
// dist/src/ and the maps point there: editors' "go to definition" opens the TypeScript, not the .d.ts.
import { spawnSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { build } from 'esbuild'

export const SOURCE_CONDITION = '@webwallet/source'
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx']

/** The source file a relative specifier names (extensionless, as the sources write them). */
function sourceOf(dir, specifier) {
  const base = resolve(dir, specifier)
  if (/\.tsx?$/.test(base) && existsSync(base)) return base
  for (const ext of EXTENSIONS) if (existsSync(base + ext)) return base + ext
  throw new Error(`Cannot resolve ${specifier} from ${dir}`)
}

/** `./x` → `./x.js`, `./dir` → `./dir/index.js`: the specifier Node's ESM loader needs in dist/. */
function runtimeSpecifier(fromDir, file) {
  const spec = relative(fromDir, file.replace(/\.tsx?$/, '.js'))
  return spec.startsWith('.') ? spec : `./${spec}`
}

/** The source entries of an exports map: every `@webwallet/source` target. */
export function sourceEntries(exportsMap) {
  return Object.values(exportsMap)
    .map((target) => (typeof target === 'object' && target !== null ? target[SOURCE_CONDITION] : undefined))
    .filter((target) => typeof target === 'string')
}

/** Every source module the entries reach at run time (type-only imports are erased, as in the output). */
async function reachedModules(root, entries, platform) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: entries,
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform,
    outdir: 'out',
    jsx: 'automatic',
    plugins: [
      {
        name: 'external-packages',
        setup: (b) => b.onResolve({ filter: /^[^./]/ }, () => ({ external: true })),
      },
    ],
    logLevel: 'silent',
  })
  return Object.keys(result.metafile.inputs).map((input) => resolve(root, input))
}

/** Every file under dir (recursive). */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  )
}

/**
 * Copies the sources the build compiled (run-time modules and type-only ones, which have a .d.ts) to
 * dist/src/ and points every source map and declaration map at the copies.
 */
function shipSources(root, dist, modules) {
  const src = join(root, 'src')
  const declared = filesUnder(dist)
    .filter((file) => file.endsWith('.d.ts'))
    .map((file) => relative(dist, file).replace(/\.d\.ts$/, ''))
    .flatMap((stem) => ['.ts', '.tsx'].map((ext) => join(src, stem + ext)))
    .filter((file) => existsSync(file))
  for (const file of new Set([...modules, ...declared])) {
    const copy = join(dist, 'src', relative(src, file))
    mkdirSync(dirname(copy), { recursive: true })
    copyFileSync(file, copy)
  }
  for (const map of filesUnder(dist).filter((file) => file.endsWith('.map'))) {
    const json = JSON.parse(readFileSync(map, 'utf8'))
    json.sources = json.sources.map((source) => {
      const file = resolve(dirname(map), json.sourceRoot ?? '', source)
      if (!file.startsWith(src)) throw new Error(`${map}: source outside src/: ${source}`)
      return relative(dirname(map), join(dist, 'src', relative(src, file)))
    })
    json.sourceRoot = undefined
    writeFileSync(map, JSON.stringify(json))
  }
}

/** Rewrites the relative specifiers of the emitted .d.ts files to `.js` paths (Node16/NodeNext users). */
function fixDeclarationSpecifiers(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      fixDeclarationSpecifiers(path)
      continue
    }
    if (!entry.name.endsWith('.d.ts')) continue
    const text = readFileSync(path, 'utf8')
    const fixed = text.replace(
      /((?:from|import)\s*\(?\s*)(['"])(\.{1,2}(?:\/[^'"]*)?)\2/g,
      (match, head, quote, spec) => {
        if (spec.endsWith('.js')) return match
        const base = resolve(dir, spec)
        const target = existsSync(`${base}.d.ts`)
          ? `${spec}.js`
          : existsSync(join(base, 'index.d.ts'))
            ? `${spec}/index.js`
            : undefined
        if (!target) throw new Error(`${path}: no declaration for ${spec}`)
        return `${head}${quote}${target}${quote}`
      },
    )
    if (fixed !== text) writeFileSync(path, fixed)
  }
}

export async function buildPackage(root, { entries: extra = [], platform = 'neutral' } = {}) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const entries = [...sourceEntries(pkg.exports), ...extra]
  const dist = join(root, 'dist')
  rmSync(dist, { recursive: true, force: true })

  const modules = await reachedModules(root, entries, platform)
  await build({
    absWorkingDir: root,
    entryPoints: modules,
    outbase: join(root, 'src'),
    outdir: dist,
    bundle: true,
    format: 'esm',
    platform,
    target: 'es2022',
    sourcemap: true,
    jsx: 'automatic',
    // Every import stays an import: packages as they are, modules of this package as their built file.
    plugins: [
      {
        name: 'one-file-per-module',
        setup(b) {
          b.onResolve({ filter: /.*/ }, (args) => {
            if (args.kind === 'entry-point') return undefined
            if (!args.path.startsWith('.')) return { external: true }
            const file = sourceOf(args.resolveDir, args.path)
            return { path: runtimeSpecifier(dirname(args.importer), file), external: true }
          })
        },
      },
    ],
    logLevel: 'warning',
  })

  const tsc = spawnSync(
    process.execPath,
    [join(root, '..', 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  )
  if (tsc.status !== 0) throw new Error(`tsc failed for ${pkg.name}`)
  fixDeclarationSpecifiers(dist)
  shipSources(root, dist, modules)
  return { name: pkg.name, modules: modules.map((file) => relative(root, file)) }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      entry: { type: 'string', multiple: true, default: [] },
      platform: { type: 'string', default: 'neutral' },
    },
  })
  const started = Date.now()
  const { name, modules } = await buildPackage(process.cwd(), {
    entries: values.entry,
    platform: values.platform,
  })
  console.log(`${name}: ${modules.length} modules → dist/ (${((Date.now() - started) / 1000).toFixed(1)}s)`)
}
