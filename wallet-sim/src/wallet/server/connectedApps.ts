// The wallet's Connected apps page, server side: the apps a user connected or signed sessions for, each
// session's scope and state, and the user's revocation of one (at the cosigner at once, on chain when the
// account is deployed).
import { sameAddress, toHex } from '@webwallet/protocol/constants'
import type { walletPage } from '@webwallet/protocol/services'
import { RpcError } from '../../chain/errors'
import { HttpError } from '../../infra/http/HttpError'
import type { RevocationList } from '../../services/cosigner/revocations'
import type { User } from '../../services/login/state'
import type { Ledger } from './ledger'
import type { Permissions } from './permissions'
import type { SessionRegistry } from './sessions'
import type { AccountKeys } from './signer'

type App = walletPage.apps.Response['apps'][number]
type AppSession = App['sessions'][number]

export interface ConnectedAppsDependencies {
  ledger: Ledger
  permissions: Permissions
  sessions: SessionRegistry
  revocations: RevocationList
}

/** Whether `hash` is revoked: at the cosigner, or on the account (only once it is deployed). */
export async function isRevoked(deps: ConnectedAppsDependencies, address: string, hash: string) {
  return deps.revocations.has(hash) || (await deps.ledger.isSessionRevoked(address, hash))
}

/**
 * The user's apps: every origin they connected or signed a session for, connected ones first, each with its
 * sessions (newest expiry first) and their state by the chain's clock.
 *
 * @example
 * const { apps } = await connectedApps(deps, user) // [{ origin, connected, sessions: [{ sessionHash, status, … }] }]
 */
export async function connectedApps(
  deps: ConnectedAppsDependencies,
  user: User,
): Promise<walletPage.apps.Response> {
  const { address } = user.account
  const now = await deps.ledger.now()
  const byOrigin = new Map<string, AppSession[]>()
  for (const origin of deps.permissions.origins(user.email)) byOrigin.set(origin, [])
  for (const record of deps.sessions.signedBy(address)) {
    if (record.origin === undefined) continue
    const status: AppSession['status'] = (await isRevoked(deps, address, record.hash))
      ? 'revoked'
      : record.expiresAt <= now
        ? 'expired'
        : 'active'
    const session: AppSession = {
      sessionHash: record.hash,
      expiresAt: record.expiresAt,
      status,
      allowedMethods: record.allowedMethods,
      txFees: record.txFees ?? [],
    }
    byOrigin.set(record.origin, [...(byOrigin.get(record.origin) ?? []), session])
  }
  const apps: App[] = [...byOrigin].map(([origin, sessions]) => ({
    origin,
    connected: deps.permissions.has(user.email, origin),
    sessions: sessions.sort((a, b) => b.expiresAt - a.expiresAt),
  }))
  return { apps: apps.sort((a, b) => Number(b.connected) - Number(a.connected)) }
}

/**
 * Revokes one of the user's sessions: at the cosigner at once (it co-signs nothing more for it), then on
 * chain with the account's `revoke_session`, signed by owner and guardian, when the account is deployed and
 * has not revoked it yet. A refused on-chain revocation is reported (`onChainError`); the cosigner's stands.
 * Throws NOT_FOUND (404) for a hash that is no session of this user's account.
 */
export async function revokeSession(
  deps: ConnectedAppsDependencies,
  user: User,
  sessionHash: string,
  keys: AccountKeys,
): Promise<walletPage.revokeSession.Response> {
  const { address } = user.account
  const record = deps.sessions.lookup(sessionHash)
  const hash = toHex(BigInt(sessionHash))
  if (record?.account === undefined || !sameAddress(record.account, address))
    throw new HttpError(404, 'NOT_FOUND', `No session ${hash} of this account`)
  deps.revocations.revoke(hash)
  if (!(await deps.ledger.isDeployed(address)) || (await deps.ledger.isSessionRevoked(address, hash)))
    return { sessionHash: hash }
  const call = { contractAddress: address, entrypoint: 'revoke_session', calldata: [BigInt(hash)] }
  try {
    // WalletService runs this in the account's serial queue: the nonce read here is the next one sent.
    const transactionHash = await deps.ledger.invoke(address, [call], keys)
    return { sessionHash: hash, transactionHash }
  } catch (cause) {
    if (!(cause instanceof RpcError)) throw cause
    return { sessionHash: hash, onChainError: cause.message }
  }
}
