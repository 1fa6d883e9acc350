// scripts/buildUi.mjs: what `npx wallet-sim` in a checkout does when the wallet UI was never built (builds it
// once, in production mode, saying so), and what `npm start` does after a UI change (rebuilds a stale build).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
// @ts-expect-error: a plain ES module script, without declarations
import { ensureUi, uiBuildReason } from '../scripts/buildUi.mjs'

const outDir = mkdtempSync(join(tmpdir(), 'wallet-sim-ui-'))
afterAll(() => rmSync(outDir, { recursive: true, force: true }))

it('builds a missing UI once, with a message, in production mode; a stale one only when asked', () => {
  rmSync(outDir, { recursive: true, force: true })
  expect(uiBuildReason(outDir)).toBe('missing')
  const messages: string[] = []
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'development'
  try {
    expect(ensureUi({ outDir, log: (message: string) => messages.push(message) })).toBe(true)
  } finally {
    process.env.NODE_ENV = nodeEnv
  }
  expect(messages[0]).toBe(
    'wallet-sim: the wallet UI is not built yet; building it once (vite build, up to a minute)...',
  )
  expect(existsSync(join(outDir, 'index.html'))).toBe(true)
  // React's production build (even under NODE_ENV=development, as the old Docker image set) has coded errors.
  // React is in the screens' chunk (ui/src/mountScreens.tsx), one of the page's scripts.
  const scripts = readdirSync(join(outDir, 'assets')).filter((file) => file.endsWith('.js'))
  const code = scripts.map((file) => readFileSync(join(outDir, 'assets', file), 'utf8')).join('\n')
  expect(code).toContain('Minified React error')
  // Two scripts: the page's own (what a hands-free frame runs) and the screens' chunk with what the screens
  // read from the core (decodeCall). A core module that runs a call as it loads drags its importers into the
  // first one, and a helper chunk shared by both is one more request.
  expect(scripts.map((file) => file.replace(/-[\w-]+\.js$/, '')).sort()).toEqual(['index', 'mountScreens'])
  const first = readFileSync(
    join(outDir, 'assets', scripts.find((file) => file.startsWith('index-'))!),
    'utf8',
  )
  expect(first).not.toContain('Cannot be shown as what would be signed')
  expect(code).toContain('Cannot be shown as what would be signed')
  expect(ensureUi({ outDir, log: () => {} })).toBe(false)

  utimesSync(join(outDir, 'index.html'), 0, 0)
  expect(uiBuildReason(outDir)).toBeUndefined()
  expect(uiBuildReason(outDir, { ifStale: true })).toBe('stale')
}, 120_000)
