// A Vite + React app built for production from the tarballs and served by `vite preview`, driven in
// Chromium through login → session → execute against `npx wallet-sim` from the tarball.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { createApp } from './support/apps'
import { browserJourney } from './support/journey'
import { freePort, run, type Server, serve } from './support/run'
import { type StartedSim, startWalletSim } from './support/walletSim'

let dir: string
let sim: StartedSim | undefined
let preview: Server | undefined
beforeAll(async () => {
  dir = await createApp(inject('consumerRoot'), inject('tarballs'), {
    fixture: 'viteReact',
    walletComponent: 'src/Wallet.tsx',
    dependencies: ['react', 'react-dom', 'starknet'],
    devDependencies: ['vite', '@vitejs/plugin-react'],
  })
})
afterAll(async () => {
  await preview?.stop()
  await sim?.[Symbol.asyncDispose]()
})

test('builds for production, the first-use code and the headless transports split off as chunks', async () => {
  const out = await run('npx', ['--no-install', 'vite', 'build'], dir)
  expect(out).toMatch(/built in/)
  // This app also imports the connector entry, whose code (the window connector the SDK would otherwise
  // load on first use) then lands in its main chunk. The SDK's first-use module (connector, portfolio reads,
  // calldata compiler and sending code) and the WebSocket and HTTP transports only a headless connector uses
  // (one module, headlessWires) are chunks of their own; this page never loads the transports'.
  const assets = readdirSync(join(dir, 'dist', 'assets'))
  expect(assets).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^firstUse-.*\.js$/),
      expect.stringMatching(/^headlessWires-.*\.js$/),
    ]),
  )
  // The calldata compiler is in the first-use chunk, not a chunk (and a fetch) of its own.
  expect(assets.filter((asset) => asset.startsWith('calldata-'))).toEqual([])
})

test('runs the journey in Chromium', async () => {
  sim = await startWalletSim(dir)
  const port = await freePort()
  const started = await serve(
    'npx',
    ['--no-install', 'vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    dir,
    /http:\/\/127\.0\.0\.1:\d+/,
  )
  preview = started.server
  const { CONTRACTS } = await import(`${dir}/node_modules/@webwallet/wallet-sim/dist/index.js`)
  const scripts = await browserJourney(started.match[0], sim, CONTRACTS)
  // Over the iframe the page never fetches the headless transports' chunks.
  expect(scripts.some((url) => /\/assets\/index-/.test(url))).toBe(true)
  expect(scripts.filter((url) => /\/headlessWires-/.test(url))).toEqual([])
})
