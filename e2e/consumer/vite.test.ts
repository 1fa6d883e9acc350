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

test("builds for production, the SDK's connector and portfolio reads split off as chunks loaded on first use", async () => {
  const out = await run('npx', ['--no-install', 'vite', 'build'], dir)
  expect(out).toMatch(/built in/)
  // This app also imports the connector entry, whose code then lands in its main chunk; the SDK's dynamic
  // imports still get their own (small) chunks, and the portfolio reads are in one the page never loads.
  const assets = readdirSync(join(dir, 'dist', 'assets'))
  expect(assets).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^windowConnector-.*\.js$/),
      expect.stringMatching(/^reads-.*\.js$/),
    ]),
  )
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
  await browserJourney(started.match[0], sim, CONTRACTS)
})
