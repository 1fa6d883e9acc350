// The sessions of the Starknet WebSocket API and the chain they listen to: each admitted transaction, committed
// block and abort of committed blocks of the current chain reaches every session's subscriptions; when
// devnet_restart / devnet_load replace the chain, every subscription ends without a notification, as on
// starknet-devnet.
import type { Chain } from '../chain/chain'
import type { DevHost } from './devnetMethods'
import { type ChainChange, createFormatter } from './wsNotify'
import type { Session } from './wsSession'

/** The simulator as the WebSocket API needs it: the RPC host, and word of each chain that replaces it. */
export interface WsHost extends DevHost {
  onChainReplaced(listener: (chain: Chain) => void): () => void
}

export interface SessionHub {
  /** Starts sending `session` its notifications; returns the function that stops it. */
  add(session: Session): () => void
  /** Stops listening to the chain and forgets every session. */
  close(): void
}

/**
 * Fans the chain's changes out to the sessions, whatever carries them (a socket, or memory in tests).
 * @example
 * const hub = createSessionHub(sim)
 * const remove = hub.add(createSession({ host: sim, version: '0.10', send }))
 */
export function createSessionHub(host: WsHost): SessionHub {
  const sessions = new Set<Session>()
  const broadcast = (chain: Chain, change: ChainChange) => {
    const format = createFormatter(chain)
    for (const session of sessions) {
      if (session.subscriptionCount === 0) continue
      // Runs inside addTransaction / closeBlock: a fault here must not fail the chain's work.
      try {
        session.notify(change, format)
      } catch (e) {
        console.error('wallet-sim WebSocket API: a notification failed', e)
      }
    }
  }
  const listen = (chain: Chain) => {
    const offCommit = chain.onCommit((block) => broadcast(chain, { kind: 'committed', block }))
    // Without a block time the block commits within the same call: nothing is ever seen pre_confirmed,
    // and starknet-devnet (a block per transaction) sends no pre_confirmed notifications either.
    const offAdmit = chain.onAdmit((record) => {
      if (chain.blockTime > 0) broadcast(chain, { kind: 'admitted', record })
    })
    // Only blocks subscribers were told of are a reorg: aborting the pre_confirmed block alone changes no head,
    // and starknet-devnet sends nothing for it.
    const offAbort = chain.onAbort(({ blocks }) => {
      const [first, last] = [blocks[0], blocks[blocks.length - 1]]
      if (first && last) broadcast(chain, { kind: 'reorg', first, last })
    })
    return () => {
      offCommit()
      offAdmit()
      offAbort()
    }
  }
  let unlisten = listen(host.chain)
  const offReplaced = host.onChainReplaced((chain) => {
    unlisten()
    unlisten = listen(chain)
    for (const session of sessions) session.clear()
  })
  return {
    add(session) {
      sessions.add(session)
      return () => sessions.delete(session)
    },
    close() {
      offReplaced()
      unlisten()
      sessions.clear()
    },
  }
}
