// `npx wallet-sim` in a checkout where the wallet UI was never built (after `npm ci`): the bin builds it once,
// saying so, and the wallet pages answer 200 instead of 503. Run on a copy of the package's bin, scripts,
// sources, UI sources and CLI bundle (inside wallet-sim/node_modules, so it resolves the same dependencies),
// so the real ui/dist that other tests serve is never touched. The sources make the copy a checkout for the
// bin (without them it is an installed package, which ships its built UI and runs dist/cli.js).
import { type ChildProcess, spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
// @ts-expect-error: a plain ES module script, without declarations
import { bundleCli } from '../scripts/bundleCli.mjs'

const PACKAGE = join(import.meta.dirname, '..')
// Below a dot folder on purpose, as npx installs (~/.npm/_npx/…): the pages must be served from there too.
const copy = join(PACKAGE, 'node_modules', '.cache', `first-start-${process.pid}`)
let child: ChildProcess | undefined
afterAll(() => {
  child?.kill('SIGKILL')
  rmSync(copy, { recursive: true, force: true })
})

it('builds the missing wallet UI on first start, with a message, then serves the wallet pages', async () => {
  // The bundle of the current sources, written atomically; copied after them, so the copy's bin finds it
  // up to date and does not bundle again.
  await bundleCli()
  rmSync(copy, { recursive: true, force: true })
  mkdirSync(join(copy, 'dist'), { recursive: true })
  for (const path of ['src', 'bin', 'scripts', 'package.json', join('dist', 'bin')])
    cpSync(join(PACKAGE, path), join(copy, path), { recursive: true })
  cpSync(join(PACKAGE, 'ui'), join(copy, 'ui'), {
    recursive: true,
    filter: (src) => !src.includes('/ui/dist'),
  })
  expect(existsSync(join(copy, 'ui', 'dist'))).toBe(false)

  child = spawn(process.execPath, [join(copy, 'bin', 'wallet-sim.js'), '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match?.[1]) resolve(match[1])
    }
    child!.stdout!.on('data', read)
    child!.stderr!.on('data', read)
    child!.once('exit', (code) => reject(new Error(`wallet-sim exited (${code}):\n${output}`)))
  })
  expect(output).toContain('wallet-sim: the wallet UI is not built yet; building it once')
  expect(existsSync(join(copy, 'ui', 'dist', 'index.html'))).toBe(true)
  const page = await fetch(`${url}/interstitialLogin`)
  expect(page.status).toBe(200)
  expect(await page.text()).toContain('<div id="root">')
}, 120_000)
