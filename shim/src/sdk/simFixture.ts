// A wallet-sim assembled for the SDK's integration tests from its committed parts: chain and JSON-RPC
// (createServer), e-mail login, hosted wallet with the tRPC router over WebSocket at /trpc (auto-approve),
// the cosigner and the portfolio backend. Replace with `startSim` once it mounts all of them.
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { selectorFromName } from '@webwallet/protocol/session'
import { createServer } from '@webwallet/wallet-sim'
import express from 'express'
import { erc20Mint } from '../../../wallet-sim/src/chain/contracts/erc20'
import {
  createApprovalPolicy,
  createBackendRouter,
  createFaultRegistry,
  createInbox,
  createLoginRouter,
  faultInjector,
  LoginService,
} from '../../../wallet-sim/src/services'
import { createCosignerRouter } from '../../../wallet-sim/src/services/cosigner/router'
import { createPaymasterRouter } from '../../../wallet-sim/src/services/paymaster/router'
import {
  argentAccountFactory,
  DEFAULT_GUARDIAN_PRIVATE_KEY,
  mountWallet,
} from '../../../wallet-sim/src/wallet'

export const DEFAULT_USER = 'new-user@example.com'
/** The api key the assembled paymaster sponsors. */
export const SPONSOR_KEY = 'app-sponsor-key'

/**
 * Starts the assembled simulator on a free port; `await using` stops it.
 *
 * @example
 * await using sim = await startAssembledSim()
 * createConnector({ transport: 'websocket', websocketUrl: sim.wsUrl, WebSocket })
 */
export async function startAssembledSim() {
  const { app, sim } = createServer({ seed: 5 })
  const inbox = createInbox()
  const login = new LoginService({
    inbox,
    logger: { info: () => {} },
    accounts: { createAccountFor: argentAccountFactory(DEFAULT_GUARDIAN_PRIVATE_KEY) },
    fund: (address, token, amount) => {
      erc20Mint(sim.chain.pending, BigInt(token), BigInt(address), amount)
    },
  })
  const approval = createApprovalPolicy('auto')
  const faults = createFaultRegistry()
  app.use(faultInjector(faults))
  app.use('/login', createLoginRouter(login))
  app.use('/cosigner', createCosignerRouter({ guardianPrivateKey: DEFAULT_GUARDIAN_PRIVATE_KEY }))
  app.use(
    '/v1',
    createBackendRouter({
      readBalance: (token, address) => {
        const [low = 0n, high = 0n] = sim.chain.call(
          { to: BigInt(token), selector: selectorFromName('balanceOf'), calldata: [BigInt(address)] },
          { tag: 'latest' },
        )
        return low + (high << 128n)
      },
      lookupName: () => undefined,
    }),
  )
  const relayer = sim.accounts[1]!
  app.use(
    '/paymaster/v1',
    createPaymasterRouter({
      chain: () => sim.chain,
      relayer: { address: relayer.address, privateKey: relayer.private_key },
      apiKeys: [SPONSOR_KEY],
    }),
  )
  app.use(express.json())
  const wallet = mountWallet(app, {
    chain: () => sim.chain,
    login,
    approval,
    inbox,
    defaultEmail: DEFAULT_USER,
  })
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  const stopWs = wallet.attach(server)
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const close = async () => {
    await stopWs()
    sim.close()
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
  /** The e-mail login a new user does in the wallet UI: code from the dev inbox, account created and funded. */
  const logIn = async (email = DEFAULT_USER) => {
    login.start(email)
    const { token } = await login.verify(email, inbox.latest(email)?.code ?? '')
    return token
  }
  return {
    url,
    logIn,
    faults,
    wsUrl: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/trpc`,
    sim,
    approval,
    close,
    [Symbol.asyncDispose]: close,
  }
}
