// A Next.js app (App Router) built for production from the tarballs: its server imports and renders the SDK
// (server rendering never touches `window`), then the page runs login → session → execute in Chromium
// against `npx wallet-sim` from the tarball. The build also type-checks the app against our .d.ts.
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { createApp } from './support/apps'
import { browserJourney } from './support/journey'
import { freePort, run, type Server, serve } from './support/run'
import { type StartedSim, startWalletSim } from './support/walletSim'

const NEXT_ENV = { NEXT_TELEMETRY_DISABLED: '1' }

let dir: string
let sim: StartedSim | undefined
let next: Server | undefined
beforeAll(async () => {
  dir = await createApp(inject('consumerRoot'), inject('tarballs'), {
    fixture: 'next',
    walletComponent: 'app/Wallet.tsx',
    dependencies: ['next', 'react', 'react-dom', 'starknet'],
    devDependencies: ['typescript', '@types/node', '@types/react', '@types/react-dom'],
  })
})
afterAll(async () => {
  await next?.stop()
  await sim?.[Symbol.asyncDispose]()
})

test('builds for production (type check included)', async () => {
  await run('npx', ['--no-install', 'next', 'build'], dir, NEXT_ENV)
})

test('renders the SDK on the server and runs the journey in Chromium', async () => {
  sim = await startWalletSim(dir)
  const port = await freePort()
  const started = await serve(
    'npx',
    ['--no-install', 'next', 'start', '--hostname', '127.0.0.1', '--port', String(port)],
    dir,
    /Ready in/,
    NEXT_ENV,
  )
  next = started.server
  const appUrl = `http://127.0.0.1:${port}`
  const html = await (await fetch(appUrl)).text()
  expect(html.replaceAll('<!-- -->', '')).toContain(
    'rendered on the server with WebWallet.function and the sepolia defaults',
  )
  const { CONTRACTS } = await import(`${dir}/node_modules/@webwallet/wallet-sim/dist/index.js`)
  await browserJourney(appUrl, sim, CONTRACTS)
  expect(next.output()).not.toMatch(/window is not defined|ReferenceError|TypeError/)
})
