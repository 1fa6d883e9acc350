// A wallet-sim with the hosted wallet mounted the way the lead wires it (chain, e-mail login, dev inbox,
// wallet UI + API + WebSocket), on a free port. Until startSim mounts the wallet itself, this is it.

import { spawnSync } from 'node:child_process'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createServer } from '@webwallet/wallet-sim'
import { erc20Mint } from '../../../wallet-sim/src/chain/contracts/erc20'
import { type ApprovalMode, createApprovalPolicy } from '../../../wallet-sim/src/services/dev/approval'
import { createInbox } from '../../../wallet-sim/src/services/dev/inbox'
import { LoginService } from '../../../wallet-sim/src/services/login/LoginService'
import { createLoginRouter } from '../../../wallet-sim/src/services/login/router'
import {
  argentAccountFactory,
  DEFAULT_GUARDIAN_PRIVATE_KEY,
  mountWallet,
} from '../../../wallet-sim/src/wallet'

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

export async function startWalletSim(options: { approval?: ApprovalMode; email?: string } = {}) {
  const { app, sim } = createServer({ accounts: 1 })
  const inbox = createInbox()
  const approval = createApprovalPolicy(options.approval ?? 'manual')
  const login = new LoginService({
    inbox,
    logger: { info: () => {} },
    accounts: { createAccountFor: argentAccountFactory(DEFAULT_GUARDIAN_PRIVATE_KEY) },
    fund: (address, token, amount) => {
      erc20Mint(sim.chain.pending, BigInt(token), BigInt(address), amount)
    },
  })
  app.use('/login', createLoginRouter(login))
  const wallet = mountWallet(app, {
    chain: () => sim.chain,
    login,
    approval,
    inbox,
    ...(options.email ? { defaultEmail: options.email } : {}),
  })
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  const stopWs = wallet.attach(server)
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    sim,
    inbox,
    login,
    wallet,
    approval,
    async [Symbol.asyncDispose]() {
      await stopWs()
      sim.close()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
