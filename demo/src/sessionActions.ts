// The session panel's tasks: sign a session (with its approval), renew it, disconnect, revoke, log out of the
// wallet, and check the status against the chain.
import type { WebWallet } from '@webwallet/shim'
import type { Connector } from '@webwallet/shim/connector'
import { syncChainClock } from './clock'
import { STRK_ADDRESS } from './config'
import { UnreachableError, unreachable } from './connectivity'
import type { Settings } from './settings'
import type { Session } from './useSession'
import type { Run } from './useTasks'

/**
 * The session panel's handlers, each one task of `run`.
 * @example <SessionPanel onConnect={sessionActions(...).connect} />
 */
export function sessionActions(
  wallet: WebWallet,
  connector: Connector,
  settings: Settings,
  session: Session,
  run: Run,
) {
  async function signSession() {
    const approvalRequests = settings.approval
      ? [{ tokenAddress: STRK_ADDRESS, spender: settings.approvalSpender, amount: '1000000000000000000' }]
      : []
    const result = await wallet.requestConnection({ approvalRequests, callbackData: 'demo' })
    session.signed(result.account)
    if (result.approvalTransactionHash) {
      session.addActivity({
        label: 'approve 1 STRK',
        transactionHash: result.approvalTransactionHash,
        route: 'Sent by the wallet with the session',
      })
    }
  }

  return {
    // No await before requestConnection: in popup mode the wallet window must open inside this click.
    connect: () => run('connect', signSession),
    // Renewing re-reads the stored session first. The SDK unsealed it at init, so this await does no
    // IndexedDB/WebCrypto work and WebKit still lets requestConnection open its popup in the same click.
    renew: () =>
      run('connect', async () => {
        // A session of a chain that is gone was dropped (SESSION_INVALID): renewing signs a new one anyway.
        await wallet.connect().catch((error: { code?: string }) => {
          if (error.code !== 'SESSION_INVALID') throw error
        })
        await signSession()
      }),
    disconnect: () =>
      run('disconnect', async () => {
        wallet.clearSession()
        await connector.disconnect()
        session.forget()
      }),
    // The session key signs its own revocation at the cosigner: no wallet screen.
    revoke: () =>
      run('revoke', async () => {
        await wallet.revokeSession()
        session.forget()
      }),
    logout: () =>
      run('logout', async () => {
        await wallet.logout()
        session.forget()
      }),
    // The node must answer: a status read from a chain that cannot be reached would be a stale one.
    checkStatus: () =>
      run('status', async () => {
        if (await syncChainClock()) return
        throw new UnreachableError(
          (await unreachable()) ?? 'The Starknet node did not answer: the status shown may be out of date',
        )
      }),
  }
}
