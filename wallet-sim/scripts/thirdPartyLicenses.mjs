// The licenses of the npm packages a bundle holds. The CLI bundle (scripts/bundleCli.mjs) and the wallet UI
// (ui/vite.config.ts) inline code from express, starknet.js, React and others; their MIT/ISC/BSD/Apache
// licenses ask that the license text travel with the code, and a bundle keeps at most their license comments.
// So each build writes THIRD_PARTY_LICENSES.md beside its output: every package whose code is in it (name,
// version, license field, its LICENSE/COPYING/NOTICE files), and fails when a license is not on ALLOWED, so a
// copyleft dependency cannot slip into the published package unseen.
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, sep } from 'node:path'

/**
 * The licenses the published package may bundle: permissive ones only, those bundled today. Widen it only
 * after reading what a new license asks of a redistributor.
 */
export const ALLOWED_LICENSES = ['MIT', 'ISC', 'BSD-3-Clause']

/** The file name each build writes beside its output. */
export const LICENSES_FILE = 'THIRD_PARTY_LICENSES.md'

const LICENSE_FILE = /^(licen[cs]e|copying|notice)([.\-_].*)?$/i
const NODE_MODULES = `${sep}node_modules${sep}`

/**
 * The package root of a file under node_modules (the innermost one: a nested copy is its own package), or
 * undefined for a file of this repository or one below node_modules/.cache. Scoped packages keep their scope.
 * @example packageRootOf('/repo/node_modules/@noble/curves/esm/abstract/weierstrass.js') // '/repo/node_modules/@noble/curves'
 */
export function packageRootOf(file) {
  const at = file.lastIndexOf(NODE_MODULES)
  if (at === -1) return undefined
  const parts = file.slice(at + NODE_MODULES.length).split(sep)
  const depth = parts[0]?.startsWith('@') ? 2 : 1
  // No package name starts with a dot: node_modules/.cache/… (a tool's cache; a test's copy of this package
  // there) or .bin holds no installed package.
  if (parts.length <= depth || parts[0]?.startsWith('.')) return undefined
  return file.slice(0, at + NODE_MODULES.length) + parts.slice(0, depth).join(sep)
}

/**
 * The files whose code is in an esbuild output: its metafile's output inputs with bytes in the output
 * (a module tree-shaken to nothing is not), as absolute paths.
 * @example bundledFiles(result.metafile, '/repo/wallet-sim')
 */
export function bundledFiles(metafile, workingDir) {
  const files = new Set()
  for (const output of Object.values(metafile.outputs ?? {})) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs ?? {})) {
      if (bytesInOutput > 0) files.add(join(workingDir, input.replace(/^[a-z-]+:/, '')))
    }
  }
  return [...files]
}

/** The license named by a package.json: `license`, or the old `licenses: [{ type }]` form. */
function licenseField(pkg) {
  if (typeof pkg.license === 'string') return pkg.license
  if (pkg.license && typeof pkg.license.type === 'string') return pkg.license.type
  if (Array.isArray(pkg.licenses)) {
    const types = pkg.licenses.map((l) => l?.type).filter((t) => typeof t === 'string')
    if (types.length > 0) return types.length === 1 ? types[0] : `(${types.join(' OR ')})`
  }
  return undefined
}

/**
 * Whether an SPDX expression is satisfied by the allowed licenses: `A OR B` when either is, `A AND B` when
 * both are, parentheses as written. Anything else (UNLICENSED, SEE LICENSE IN, a missing field) is not.
 * @example isAllowedLicense('(MIT OR GPL-3.0)', ['MIT']) // true
 */
export function isAllowedLicense(expression, allowed = ALLOWED_LICENSES) {
  if (typeof expression !== 'string') return false
  const tokens = expression.match(/\(|\)|[^\s()]+/g) ?? []
  let at = 0
  const primary = () => {
    const token = tokens[at++]
    if (token === '(') {
      const value = or()
      if (tokens[at++] !== ')') throw new SyntaxError('unbalanced')
      return value
    }
    if (token === undefined || token === ')' || /^(AND|OR|WITH)$/i.test(token)) throw new SyntaxError('term')
    if (/^with$/i.test(tokens[at] ?? '')) return false // an exception clause: read it before allowing it
    return allowed.includes(token.replace(/\+$/, ''))
  }
  const and = () => {
    let value = primary()
    while (/^and$/i.test(tokens[at] ?? '')) {
      at++
      value = primary() && value
    }
    return value
  }
  const or = () => {
    let value = and()
    while (/^or$/i.test(tokens[at] ?? '')) {
      at++
      value = and() || value
    }
    return value
  }
  try {
    const value = or()
    return at === tokens.length && value
  } catch {
    return false
  }
}

/**
 * The packages whose files are listed: name, version, license field and license files (name and text), one
 * entry per name and version (the same version installed twice is one entry), sorted by name then version.
 * Throws, naming each package and a file of it that was bundled, when a license is not allowed.
 * @example collectLicenses(bundledFiles(metafile, dir)).map((p) => p.name) // ['@noble/curves', 'express', ...]
 */
export function collectLicenses(files, { allowed = ALLOWED_LICENSES } = {}) {
  const byRoot = new Map()
  for (const file of files) {
    const root = packageRootOf(file)
    if (root && !byRoot.has(root)) byRoot.set(root, file)
  }
  const packages = new Map()
  const refused = []
  for (const [root, file] of byRoot) {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
    const key = `${pkg.name}@${pkg.version}`
    if (packages.has(key)) continue
    const license = licenseField(pkg)
    if (!isAllowedLicense(license, allowed))
      refused.push(`${key} (${license ?? 'no license field'}), from ${file}`)
    const licenseFiles = readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isFile() && LICENSE_FILE.test(entry.name))
      .map((entry) => entry.name)
      .sort()
      .map((name) => ({ name, text: readFileSync(join(root, name), 'utf8').trimEnd() }))
    packages.set(key, { name: pkg.name, version: pkg.version, license, licenseFiles })
  }
  if (refused.length > 0) {
    throw new Error(
      `A bundled package's license is not allowed (allowed: ${allowed.join(', ')}; see ` +
        `wallet-sim/scripts/thirdPartyLicenses.mjs):\n  ${refused.join('\n  ')}`,
    )
  }
  return [...packages.values()].sort((a, b) =>
    a.name === b.name ? a.version.localeCompare(b.version) : a.name < b.name ? -1 : 1,
  )
}

/**
 * THIRD_PARTY_LICENSES.md: a title line saying what was bundled, an index, then each package's license
 * field and license file texts (or a line saying the package shipped none).
 * @example renderLicenses(collectLicenses(files), 'the wallet-sim CLI bundle (dist/bin/cli.mjs)')
 */
export function renderLicenses(packages, what) {
  const lines = [
    '# Third-party licenses',
    '',
    `The npm packages whose code is bundled in ${what}, with their licenses.`,
    '',
    ...packages.map((p) => `- ${p.name}@${p.version}: ${p.license}`),
  ]
  for (const p of packages) {
    lines.push('', `## ${p.name}@${p.version}`, '', `License: ${p.license}`)
    if (p.licenseFiles.length === 0) lines.push('', 'The package ships no license file.')
    for (const file of p.licenseFiles) {
      // A fence longer than any run of backticks in the text, so no license text can end it.
      const fence = '`'.repeat(Math.max(3, ...(file.text.match(/`+/g) ?? []).map((run) => run.length + 1)))
      lines.push('', `### ${file.name}`, '', `${fence}text`, file.text, fence)
    }
  }
  return `${lines.join('\n')}\n`
}

/**
 * A file standing for the code a tool writes into its output (esbuild's CommonJS helpers, Vite's module
 * preload polyfill, rolldown's runtime): one in the tool's installed package, so that package is listed.
 * @example toolFile('esbuild') // '/repo/node_modules/esbuild/package.json'
 */
export function toolFile(name, from = import.meta.url) {
  return createRequire(from).resolve(`${name}/package.json`)
}

/** Virtual modules of the UI's bundler: their code is the named tool's. */
const VIRTUAL_TOOLS = { 'vite/': ['vite'], 'rolldown/': ['vite', 'rolldown'] }

/** The file a virtual module id (`\0vite/modulepreload-polyfill.js`) stands for, when its tool is known. */
function virtualFile(id) {
  for (const [prefix, [tool, inner]] of Object.entries(VIRTUAL_TOOLS)) {
    if (!id.startsWith(`\0${prefix}`)) continue
    const file = toolFile(tool)
    return inner ? toolFile(inner, file) : file
  }
  return undefined
}

/**
 * The files whose code is in a Vite (rolldown or rollup) bundle: every chunk's modules with rendered code,
 * their ids without a query; a virtual module of Vite or rolldown as a file of that package.
 * @example chunkFiles(bundle) // ['/repo/node_modules/react/cjs/react.production.js', ...]
 */
export function chunkFiles(bundle) {
  const files = new Set()
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk') continue
    for (const [id, module] of Object.entries(output.modules)) {
      if (module.renderedLength === 0) continue
      const file = id.startsWith('\0') ? virtualFile(id) : id.replace(/\?.*$/, '')
      if (file) files.add(file)
    }
  }
  return [...files]
}

/**
 * A Vite plugin that adds THIRD_PARTY_LICENSES.md to the build output, for the packages bundled in its
 * chunks; the build fails when a license is not allowed.
 * @example plugins: [react(), thirdPartyLicenses('the wallet UI (ui/dist)')]
 */
export function thirdPartyLicenses(what) {
  return {
    name: 'third-party-licenses',
    apply: 'build',
    generateBundle(_options, bundle) {
      const source = renderLicenses(collectLicenses(chunkFiles(bundle)), what)
      this.emitFile({ type: 'asset', fileName: LICENSES_FILE, source })
    },
  }
}
