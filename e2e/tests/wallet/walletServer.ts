// The whole wallet-sim (chain, e-mail login, dev inbox, the hosted wallet's UI, API and WebSocket router)
// on a free port, and the build of its UI.
import { spawnSync } from 'node:child_process'
import { type StartSimOptions, startSim } from '@webwallet/wallet-sim'

const ROOT = new URL('../../../', import.meta.url).pathname

/**
 * Builds the wallet UI as `npm test` does, in its own process: under vitest NODE_ENV is 'test', which
 * would give a development React build.
 */
export function buildWalletUi(): void {
  const env = { ...process.env, NODE_ENV: 'production' }
  const built = spawnSync('npm', ['run', 'build', '-w', '@webwallet/wallet-sim'], {
    cwd: ROOT,
    env,
    stdio: 'ignore',
  })
  if (built.status !== 0)
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
