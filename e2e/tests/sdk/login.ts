// The e-mail login a new user does in the wallet UI, done on the running simulator's login service: the
// code comes from its dev inbox; the account is created and funded (1000 STRK, 1 ETH) on first login.
import type { RunningSim } from '@webwallet/wallet-sim'

/**
 * Logs `email` in and returns the wallet token (for `?token=` on the wallet's WebSocket).
 *
 * @example
 * const token = await logIn(sim, 'alice@example.com')
 * createConnector({ transport: 'websocket', websocketUrl: `${sim.trpcUrl}?token=${token}`, WebSocket })
 */
export async function logIn(sim: RunningSim, email: string): Promise<string> {
  const { login, inbox } = sim.walletSim
  login.start(email)
  const { token } = await login.verify(email, inbox.latest(email)?.code ?? '')
  return token
}
