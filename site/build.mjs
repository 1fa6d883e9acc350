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
// TypeDoc names modules by folder; the site names them by the import a user writes.
const MODULE_NAMES = [
  ['protocol/src/errors', '@webwallet/protocol/errors'],
  ['shim/src/connector', '@webwallet/shim/connector'],
  ['shim/src/p256', '@webwallet/shim/p256'],
  ['shim/src/react', '@webwallet/shim/react'],
  ['wallet-sim/src/playwright', '@webwallet/wallet-sim/playwright'],
  ['shim/src', '@webwallet/shim'],
]

const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })

/** A page of docs/ with each link that leaves docs/ turned into the file's address on GitHub. */
function withRepositoryLinks(file, text) {
  return text.replace(/\]\(([^)\s#]+)(#[^)\s]*)?\)/g, (link, target, anchor = '') => {
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

rmSync(SRC, { recursive: true, force: true })
for (const file of walk(DOCS)) {
  const target = join(SRC, relative(DOCS, file))
  mkdirSync(dirname(target), { recursive: true })
  if (file.endsWith('.md')) writeFileSync(target, withRepositoryLinks(file, readFileSync(file, 'utf8')))
  else cpSync(file, target)
}
writeFileSync(join(SRC, 'index.md'), HOME)
execFileSync('npx', ['typedoc', '--options', 'typedoc.json'], { cwd: SITE, stdio: 'inherit' })
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
