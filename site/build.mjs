// Builds the documentation site: docs/ copied into .src (links that leave docs/ pointed at the repository on
// GitHub), a home page, the API reference from the packages' TSDoc (TypeDoc, Markdown), then VitePress, whose
// build fails on a dead internal link. `npm run build -w site`; the site is in site/dist.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const SITE = import.meta.dirname
const ROOT = join(SITE, '..')
const DOCS = join(ROOT, 'docs')
const SRC = join(SITE, '.src')
const REPOSITORY = 'https://github.com/webwallet/webwallet/blob/main'
// Every public entry of the three packages, as their package.json `exports` list it (the `@webwallet/source`
// condition names the source file): TypeDoc documents each, and the site names each module by the import a user
// writes instead of the folder TypeDoc names it by (`protocol/src/fees` → `@webwallet/protocol/fees`).
const ENTRIES = ['shim', 'protocol', 'wallet-sim'].flatMap((dir) => {
  const { name, exports } = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'))
  return Object.entries(exports).flatMap(([subpath, target]) => {
    const source = typeof target === 'object' ? target['@webwallet/source'] : undefined
    if (!source) return []
    const file = join(dir, source)
    return [{ file, folder: file.replace(/(\/index)?\.tsx?$/, ''), name: `${name}${subpath.slice(1)}` }]
  })
})
// An entry kept under its old name too (protocol's ./rpc, now ./procedures) is documented once, by the new one.
const DOCUMENTED = ENTRIES.filter((entry, i) => ENTRIES.findIndex(({ file }) => file === entry.file) === i)
// Longest folder first: `shim/src` must not rename the start of `shim/src/connector`.
const MODULE_NAMES = DOCUMENTED.map(({ folder, name }) => [folder, name]).sort(
  ([a], [b]) => b.length - a.length,
)

const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })

/**
 * A page of docs/ with each image from outside docs/ copied into the site (under `_repo/`, its repository path)
 * and each link that leaves docs/ turned into the file's address on GitHub.
 */
function withRepositoryLinks(file, text) {
  const images = text.replace(/(!\[[^\]]*\]\()([^)\s#]+)\)/g, (image, head, target) => {
    if (/^[a-z]+:/i.test(target)) return image
    const path = resolve(dirname(file), target)
    if (!relative(DOCS, path).startsWith('..')) return image
    const copy = join(SRC, '_repo', relative(ROOT, path))
    mkdirSync(dirname(copy), { recursive: true })
    cpSync(path, copy)
    return `${head}${relative(dirname(file), join(DOCS, '_repo', relative(ROOT, path)))})`
  })
  return images.replace(/\]\(([^)\s#]+)(#[^)\s]*)?\)/g, (link, target, anchor = '') => {
    if (/^[a-z]+:/i.test(target)) return link
    const path = resolve(dirname(file), target)
    if (!relative(DOCS, path).startsWith('..')) return link
    return `](${REPOSITORY}/${relative(ROOT, path)}${anchor})`
  })
}

const HOME = `---
layout: home
hero:
  name: webwallet
  text: A web wallet for Starknet apps, and the simulator to build them against
  tagline: Log in by e-mail, sign a session once, then call your contracts with no prompt, gas paid or sponsored.
  actions:
    - theme: brand
      text: Get started
      link: /getting-started
    - theme: alt
      text: Error reference
      link: /errors
features:
  - title: The SDK
    details: A session account that is a starknet.js Account, the connector (iframe, popup, WebSocket, HTTP), React hooks.
    link: /sdk
  - title: The simulator
    details: A strict local Starknet, the hosted wallet, paymaster, cosigner and backend in one process.
    link: /simulator
  - title: Testing with Playwright
    details: Fixtures that start a wallet per worker and answer its prompts by themselves, per test.
    link: /testing
  - title: Going to production
    details: Environments, the iframe allow-list, what the cosigner accepts, a paymaster key, a checklist.
    link: /production
  - title: The protocol
    details: The wire format, procedures, errors, sessions and services, as implemented.
    link: /protocol
---

MIT licensed. Report a vulnerability privately: [SECURITY.md](${REPOSITORY}/SECURITY.md).
`

/** A heading's id as VitePress writes it (its slugify, over the heading's text without Markdown marks). */
const headingId = (heading) =>
  heading
    .replace(/[`*\\]/g, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036F]/g, '')
    .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()

/**
 * TypeDoc numbers an anchor it believes taken (`#simulatoroptions-1`) where the page has one heading of that
 * name: such a link is pointed at the heading it means, when the page has no heading with the numbered id.
 */
function repairNumberedAnchors(files) {
  const ids = new Map(
    files.map((file) => {
      const seen = new Map()
      for (const [, heading] of readFileSync(file, 'utf8').matchAll(/^#{1,6} (.*)$/gm)) {
        const id = headingId(heading)
        seen.set(id, (seen.get(id) ?? -1) + 1)
      }
      const found = new Set()
      for (const [id, extra] of seen) for (let n = 0; n <= extra; n++) found.add(n ? `${id}-${n}` : id)
      return [file, found]
    }),
  )
  for (const file of files) {
    const text = readFileSync(file, 'utf8').replace(
      /\]\(([^)#\s]*)#([^)\s]+?)-(\d+)\)/g,
      (link, path, base, n) => {
        const target = ids.get(
          path ? resolve(dirname(file), path.endsWith('.md') ? path : `${path}.md`) : file,
        )
        return target && !target.has(`${base}-${n}`) && target.has(base) ? `](${path}#${base})` : link
      },
    )
    writeFileSync(file, text)
  }
}

rmSync(SRC, { recursive: true, force: true })
for (const file of walk(DOCS)) {
  const target = join(SRC, relative(DOCS, file))
  mkdirSync(dirname(target), { recursive: true })
  if (file.endsWith('.md')) writeFileSync(target, withRepositoryLinks(file, readFileSync(file, 'utf8')))
  else cpSync(file, target)
}
writeFileSync(join(SRC, 'index.md'), HOME)
const entryPoints = DOCUMENTED.flatMap(({ file }) => ['--entryPoints', join(ROOT, file)])
execFileSync('npx', ['typedoc', '--options', 'typedoc.json', ...entryPoints], { cwd: SITE, stdio: 'inherit' })
for (const file of walk(join(SRC, 'api'))) {
  let text = readFileSync(file, 'utf8')
  for (const [folder, name] of MODULE_NAMES)
    text = text.replace(new RegExp(`(^# |\\[)${folder}([\\]\\n])`, 'gm'), `$1${name}$2`)
  // TypeDoc keeps a constant's underscores in its anchors; VitePress's heading ids have hyphens.
  text = text.replace(
    /\]\(([^)#\s]*)#([^)\s]+)\)/g,
    (_link, path, anchor) => `](${path}#${anchor.replaceAll('_', '-')})`,
  )
  writeFileSync(file, text)
}
repairNumberedAnchors(walk(join(SRC, 'api')))
execFileSync('npx', ['vitepress', 'build'], { cwd: SITE, stdio: 'inherit' })

// VitePress checks that linked pages exist; the anchors are checked here, on the built pages.
const DIST = join(SITE, 'dist')
const pages = walk(DIST).filter((file) => file.endsWith('.html'))
const idsOf = new Map(
  pages.map((file) => [
    file,
    new Set([...readFileSync(file, 'utf8').matchAll(/\sid="([^"]+)"/g)].map((m) => m[1])),
  ]),
)
const broken = []
for (const file of pages) {
  for (const [, href] of readFileSync(file, 'utf8').matchAll(/\shref="([^"]*#[^"]+)"/g)) {
    if (/^[a-z]+:/i.test(href)) continue
    const [path, anchor] = href.split('#')
    const page =
      path === ''
        ? file
        : join(DIST, path.startsWith('/') ? path : relative(DIST, resolve(dirname(file), path)))
    const target = [page, `${page}.html`, join(page, 'index.html')].find((candidate) => idsOf.has(candidate))
    if (target && !idsOf.get(target).has(decodeURIComponent(anchor)))
      broken.push(`${relative(DIST, file)}: ${href}`)
  }
}
if (broken.length) {
  console.error(`Links to missing anchors:\n${broken.join('\n')}`)
  process.exit(1)
}
console.log(`site: ${pages.length} pages, every internal link and anchor resolves`)
