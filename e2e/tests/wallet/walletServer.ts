// The whole wallet-sim (createWalletSim: chain, e-mail login, dev inbox, the hosted wallet's UI, API and
// WebSocket router) on a free port, and the build of its UI.
import { spawnSync } from 'node:child_process'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createWalletSim, type WalletSimOptions } from '@webwallet/wallet-sim/app'

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

export async function startWalletSim(options: Pick<WalletSimOptions, 'approve' | 'email'> = {}) {
  const walletSim = createWalletSim({ logger: { info: () => {} }, ...options })
  const server = await new Promise<Server>((resolve) => {
    const s = walletSim.app.listen(0, '127.0.0.1', () => resolve(s))
  })
  const stopWs = walletSim.attach(server)
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    sim: walletSim.sim,
    inbox: walletSim.inbox,
    login: walletSim.login,
    approval: walletSim.approval,
    async [Symbol.asyncDispose]() {
      await stopWs()
      walletSim.sim.close()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
