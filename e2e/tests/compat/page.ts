// What the browser compat tests share: a dapp page bundled with esbuild from a compat/ client, served on
// another origin than the wallet's, and the wallet's prompts answered on either transport.
import { spawnSync } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type BuildOptions, build, type Plugin } from 'esbuild'
import type { BrowserContext, FrameLocator, Page } from 'playwright-core'
import { clickClosing } from '../../support/browser'
import type { startWalletSim } from '../wallet/walletServer'

export const ROOT = new URL('../../../', import.meta.url).pathname

/** Installs a compat/ client once (scripts/compat.mjs) and gives its folder. */
export function compatDir(name: string): string {
  const installed = spawnSync('node', ['scripts/compat.mjs', name], { cwd: ROOT, stdio: 'inherit' })
  if (installed.status !== 0) throw new Error(`Could not install compat/${name}`)
  return `${ROOT}compat/${name}/`
}

/**
 * An esbuild plugin that resolves `packages` (and their subpaths) from `dir` wherever they are imported: the
 * shim's sources, reached through the repository's node_modules, then use the page's copies, as they would in
 * an app that installed the shim.
 */
export function resolveFrom(dir: string, packages: string[]): Plugin {
  const names = packages.map((name) => name.replace(/[/.]/g, '\\$&')).join('|')
  return {
    name: 'resolve-from',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^(${names})(/.*)?$`) }, (args) => {
        if (args.pluginData === 'resolve-from') return undefined
        return b.resolve(args.path, { kind: args.kind, resolveDir: dir, pluginData: 'resolve-from' })
      })
    },
  }
}

/**
 * An esbuild plugin that resolves `name` (and its subpaths) as the package `target` installed in `dir`,
 * wherever it is imported: an app whose `starknet` is another major (e.g. compat/starknet-legacy's
 * `starknet7`), for its own code and the shim's and protocol's sources alike.
 */
export function resolveAs(name: string, target: string, dir: string): Plugin {
  const pattern = new RegExp(`^${name.replace(/[/.]/g, '\\$&')}(/.*)?$`)
  return {
    name: `resolve-${name}-as-${target}`,
    setup(b) {
      b.onResolve({ filter: pattern }, (args) => {
        if (args.pluginData === 'resolve-as') return undefined
        const path = target + args.path.slice(name.length)
        return b.resolve(path, { kind: args.kind, resolveDir: dir, pluginData: 'resolve-as' })
      })
    },
  }
}

/** A browser bundle (ESM, production React) of a script or an entry file. */
export async function bundle(
  input: { contents: string; resolveDir: string } | string,
  options: BuildOptions = {},
) {
  const result = await build({
    ...(typeof input === 'string' ? { entryPoints: [input] } : { stdin: { ...input, loader: 'js' } }),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    logLevel: 'silent',
    ...options,
  })
  return result.outputFiles?.[0]?.text ?? ''
}

/** invisible-sdk's test app, as its users write it: one file that imports `@argent/invisible-sdk`. */
export const INVISIBLE_SDK_APP = `${ROOT}compat/invisible-sdk/app/app.ts`
let invisibleSdkApp: Promise<string> | undefined

/**
 * {@link INVISIBLE_SDK_APP} bundled with invisible-sdk 1.0.0 from compat/invisible-sdk, once per run (the e2e
 * files share one module graph): installs the client first.
 * @example const script = await bundleInvisibleSdkApp()
 */
export function bundleInvisibleSdkApp(): Promise<string> {
  invisibleSdkApp ??= Promise.resolve().then(() => {
    compatDir('invisible-sdk')
    return bundle(INVISIBLE_SDK_APP, { loader: { '.ts': 'ts' } })
  })
  return invisibleSdkApp
}

/**
 * Serves the page (a #root element and the script) on `localhost`, another origin than the wallet's 127.0.0.1.
 * A function gives the script at each load (an app that ships a new build on the same origin).
 */
export async function serveDapp(script: string | (() => string)) {
  const server = createServer((req, res) => {
    const isScript = req.url?.startsWith('/dapp.js')
    res.setHeader('content-type', isScript ? 'text/javascript' : 'text/html')
    res.setHeader('cache-control', 'no-store')
    res.end(
      isScript
        ? typeof script === 'string'
          ? script
          : script()
        : '<!doctype html><title>dapp</title><div id="root"></div><script type="module" src="/dapp.js"></script>',
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    [Symbol.asyncDispose]: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type Transport = 'popup' | 'iframe'
/** Where the wallet's prompt shows: a popup the request opens, or the iframe in the dapp's page. */
export type Prompt = Page | FrameLocator

/** Runs `action` in the dapp and answers the wallet's prompt with `answer`, on either transport. */
export async function prompted<T>(
  transport: Transport,
  context: BrowserContext,
  page: Page,
  action: () => Promise<T>,
  answer: (prompt: Prompt) => Promise<void>,
): Promise<T> {
  if (transport === 'iframe') {
    const result = action()
    await answer(page.frameLocator('iframe'))
    return result
  }
  const opened = context.waitForEvent('page')
  const result = action()
  const popup = await opened
  const closed = popup.waitForEvent('close')
  await answer(popup)
  await closed
  return result
}

type Sim = Awaited<ReturnType<typeof startWalletSim>>

/** The first connection's prompt: e-mail login with the code from wallet-sim's inbox, then Connect. */
export function logInAndConnect(sim: Sim, email: string) {
  return async (prompt: Prompt) => {
    await prompt.getByLabel('E-mail address').fill(email)
    await prompt.getByRole('button', { name: 'Send code' }).click()
    // The field shows once the server answered: the code is in the inbox by then.
    await prompt.getByLabel('Code').waitFor()
    await prompt.getByLabel('Code').fill(sim.inbox.latest(email)?.code ?? '')
    await prompt.getByRole('button', { name: 'Log in' }).click()
    await prompt.getByRole('heading', { name: 'Connect' }).waitFor()
    await clickClosing(prompt.getByRole('button', { name: 'Connect' }))
  }
}

/** Confirms the transaction the wallet shows for review. */
export async function confirmTransaction(prompt: Prompt) {
  await prompt.getByRole('heading', { name: 'Confirm transaction' }).waitFor()
  await clickClosing(prompt.getByRole('button', { name: 'Confirm' }))
}

/** Signs the typed data the wallet shows. */
export async function signMessage(prompt: Prompt) {
  await prompt.getByRole('heading', { name: 'Sign message' }).waitFor()
  await clickClosing(prompt.getByRole('button', { name: 'Sign' }))
}

/** Signs an outside execution (a paymaster's typed data): the wallet shows it as the transaction it is. */
export async function signOutsideExecution(prompt: Prompt) {
  await prompt.getByRole('heading', { name: 'Sign a transaction' }).waitFor()
  await clickClosing(prompt.getByRole('button', { name: 'Sign transaction' }))
}
