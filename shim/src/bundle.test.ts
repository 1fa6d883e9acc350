import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { chunkGraph, unsplit } from '../../scripts/size.mjs'

// The split scripts/size.mjs measures, built from the sources: what a page loads at once and what waits
// for first use. The budgets hold the bytes; this holds the structure.
const source = (path: string) => fileURLToPath(new URL(path, import.meta.url))

async function split(entry: string) {
  const { chunks } = await chunkGraph(source(entry), undefined, ['@webwallet/source'])
  const modules = (initial: boolean) =>
    chunks
      .filter((chunk) => chunk.initial === initial)
      .flatMap((chunk) => chunk.modules.map(({ module }) => module.replace(/^.*\/src\//, '')))
  return { initial: modules(true), lazy: modules(false), lazyChunks: chunks.filter((c) => !c.initial).length }
}

// Needed only once the wallet is shown, the portfolio read, or a call compiled and sent.
const LAZY = [
  'schemas/compileCalldata.ts',
  'account/deploy.ts',
  'account/gasless.ts',
  'account/invoke.ts',
  'account/lostAnswer.ts',
  'account/outside.ts',
  'account/probe.ts',
  'dialog/iframe.ts',
  'dialog/popup.ts',
  'connector/createConnectorWith.ts',
  'connector/walletTransport.ts',
  'messenger/link.ts',
  'transport/choose.ts',
  'portfolio/reads.ts',
  'portfolio/guards.ts',
]

describe.each(['./index.ts', './argent/index.ts'])('the %s bundle', (entry) => {
  it('keeps the dialogs, the connector, its transports and the portfolio reads out of the initial chunk', async () => {
    const { initial, lazy, lazyChunks } = await split(entry)
    expect(initial.filter((module) => LAZY.includes(module))).toEqual([])
    expect(lazy).toEqual(expect.arrayContaining(LAZY))
    // One first-use chunk (the connector, the portfolio reads, the calldata compiler and the sending code:
    // shim/src/firstUse.ts): a page fetches two initial files, not the four that lazy chunks sharing code with
    // the page make. No WebSocket or HTTP wire.
    expect(lazyChunks).toBe(1)
    expect([...initial, ...lazy].filter((module) => /fromWebSocket|fromHttp/.test(module))).toEqual([])
  }, 30_000)
})

// The connector entry: the iframe and popup path at once; the WebSocket and HTTP wires (and what only they
// use) in one chunk of their own (messenger/headlessWires.ts), loaded at a headless connector's first request.
const HEADLESS = ['messenger/fromWebSocket.ts', 'messenger/fromHttp.ts', 'messenger/eventStream.ts']

describe('the ./connector/index.ts bundle', () => {
  it('keeps the WebSocket and HTTP transports out of the initial chunk, in one lazy chunk', async () => {
    const { initial, lazy, lazyChunks } = await split('./connector/index.ts')
    expect(initial.filter((module) => HEADLESS.includes(module))).toEqual([])
    expect(lazy).toEqual(expect.arrayContaining(HEADLESS))
    expect(lazyChunks).toBe(1)
    // What the iframe and popup need stays where a page gets it at once.
    expect(initial).toEqual(
      expect.arrayContaining([
        'connector/createConnectorWith.ts',
        'connector/walletTransport.ts',
        'messenger/fromWindow.ts',
      ]),
    )
  }, 30_000)
})

// An app built with code splitting off inlines each dynamic import, and esbuild then runs every module behind
// it through an init function that runs the whole of each barrel it imports from: protocol's main entry would
// bring its zod schemas (~20 KB gzip). Modules behind the lazy boundary import from @webwallet/protocol/constants.
// zod itself, or a protocol schema module that imports it (the calldata readers beside them are zod-free).
const usesZod = (module: string) =>
  module.includes('node_modules/zod/') ||
  /from 'zod/.test(readFileSync(fileURLToPath(new URL(`../../${module}`, import.meta.url)), 'utf8'))

describe.each(['./index.ts', './argent/index.ts', './connector/index.ts', './react/index.ts'])(
  'the unsplit %s bundle',
  (entry) => {
    it("holds none of zod's code", async () => {
      const { modules } = await unsplit(source(entry), undefined, ['@webwallet/source'])
      expect(modules.length).toBeGreaterThan(10)
      expect(
        modules.filter(
          ({ module }) =>
            /node_modules\/zod\/|protocol\/src\/(schemas|entities)\//.test(module) && usesZod(module),
        ),
      ).toEqual([])
    }, 30_000)
  },
)
