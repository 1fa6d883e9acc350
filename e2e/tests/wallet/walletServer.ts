// The whole wallet-sim (chain, e-mail login, dev inbox, the hosted wallet's UI, API and WebSocket router)
// on a free port, and the build of its UI.
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { type StartSimOptions, startSim } from '@webwallet/wallet-sim'

const ROOT = new URL('../../../', import.meta.url).pathname

/** The newest modification time under `path` (a file or a folder, node_modules and dist skipped). */
function newest(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  let latest = 0
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue
    latest = Math.max(latest, newest(join(path, entry)))
  }
  return latest
}

/** What the wallet UI's build reads: its own sources, the protocol and wallet-sim's sources it imports. */
const UI_INPUTS = ['wallet-sim/ui', 'wallet-sim/src/wallet', 'protocol/src'].map((path) => join(ROOT, path))

/**
 * Builds the wallet UI as `npm test` does, in its own process (under vitest NODE_ENV is 'test', which
 * would give a development React build), unless the build is newer than everything it reads: `npm test`
 * builds it before the tests, and eleven test files rebuilding it cost minutes of the suite.
 */
export function buildWalletUi(): void {
  const built = statSync(join(ROOT, 'wallet-sim/ui/dist/index.html'), { throwIfNoEntry: false })
  if (built && built.mtimeMs > Math.max(...UI_INPUTS.map(newest))) return
  const env = { ...process.env, NODE_ENV: 'production' }
  const build = spawnSync('npm', ['run', 'build', '-w', '@webwallet/wallet-sim'], {
    cwd: ROOT,
    env,
    stdio: 'ignore',
  })
  if (build.status !== 0)
    throw new Error('Building the wallet UI failed: run npm run build -w @webwallet/wallet-sim')
}

/** wallet-sim (startSim) on a free port, with the services these tests drive. */
export async function startWalletSim(
  options: Pick<StartSimOptions, 'approve' | 'email' | 'loginLimits'> = {},
) {
  const running = await startSim(options)
  const { inbox, login, approval } = running.walletSim
  return { url: running.url, sim: running.sim, inbox, login, approval, [Symbol.asyncDispose]: running.close }
}
