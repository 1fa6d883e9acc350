// The cosigner's one decision, shared by its routes: whether a session may have this hash co-signed, and the
// guardian's signature when it may (with the fee charge that goes with it).
import type { cosigner } from '@webwallet/protocol/services'
import { chainIdFelt, type Felt, sessionMessageHash, signHash, toHex } from '@webwallet/protocol/session'
import { starkPublicKey } from '../../chain/signature'
import {
  type CosignerCall,
  checkAuthorisation,
  checkCalls,
  checkSessionKey,
  checkSessionKeyMaySign,
  checkSessionScope,
  checkSessionSignature,
  refuse,
  type SessionRecord,
} from './checks'
import { checkFeeCaps, feeCharges } from './fees'
import type { IsSessionRevoked, RevocationList } from './revocations'
import { type OutcomeOf, settlePending } from './settle'
import { createSpendingLedger, type PendingCharge, type SpendingLedger } from './spending'

export interface CosignerDependencies {
  /** The guardian key of this instance's accounts (its own: random at first start, kept with `--state`). */
  guardianPrivateKey: string
  /** Chain ids it co-signs for (names or hex); default SN_SEPOLIA and SN_MAIN. */
  chainIds?: readonly string[]
  /** Seconds since the epoch: the chain's clock (default `Date.now() / 1000`). */
  now?: () => number | Promise<number>
  /** The session behind a hash, when the wallet registers them: enables allowed-method and expiry checks. */
  lookupSession?: (sessionHash: string) => SessionRecord | undefined | Promise<SessionRecord | undefined>
  /**
   * The paymaster's fee recipient (hex): the only address a session's fee-token transfer may go to. Without
   * it, sessions may transfer no fee token at all.
   */
  feeRecipient?: string
  /** What each known session has spent on fees (default: in memory); persist it to keep the caps over restarts. */
  spending?: SpendingLedger
  /**
   * How a co-signed transaction ended on chain (`chainOutcomes(access)`): settles the session's
   * charges, giving back unused fee margins and what never ran. Without it, the maximum stays charged.
   */
  outcomeOf?: OutcomeOf
  /**
   * Whether the account revoked the session (`chainRevocations(access)`): a revoked session is refused here,
   * as the account refuses it, rather than co-signed for a transaction that cannot run.
   */
  isSessionRevoked?: IsSessionRevoked
  /**
   * The sessions revoked here (`POST /revokeSession`, the wallet's Connected apps page): refused like those the
   * account revoked. Without it, `POST /revokeSession` is not served (404).
   */
  revocations?: RevocationList
}

/** What the cosigner is asked to co-sign, besides the session. */
export interface Signing {
  /** The transaction or outside-execution hash. */
  hash: Felt
  account: Felt
  chainId: Felt
  calls: CosignerCall[]
  /** A self-paid invoke's maximum fee in STRK (0 for an outside execution: the relayer pays the gas). */
  maxFeeInStrk: bigint
  /** What the charge needs to be settled later. */
  pending: Omit<PendingCharge, 'amounts'>
}

/** The cosigner's state and checks, as its routes use them. */
export interface Cosigning {
  guardianPublicKey: Felt
  /** Seconds since the epoch: the chain's clock. */
  now: () => number | Promise<number>
  /** Checks the session and the calls, charges the fees, then answers the guardian's signature. */
  cosign: (session: cosigner.CosignerSession, signing: Signing) => Promise<cosigner.signSession.Response>
  /** The chain id as a felt, when this cosigner serves it (else `unsupportedChain`). */
  checkChain: (chainId: string | number) => Felt
}

/**
 * The cosigner's checks over its dependencies (the routes are in router.ts).
 *
 * @example
 * const { cosign, checkChain } = createCosigning({ guardianPrivateKey })
 */
export function createCosigning(deps: CosignerDependencies): Cosigning {
  const guardianPublicKey = starkPublicKey(deps.guardianPrivateKey)
  const chainIds = new Set((deps.chainIds ?? ['SN_SEPOLIA', 'SN_MAIN']).map((id) => chainIdFelt(id)))
  const now = deps.now ?? (() => Math.floor(Date.now() / 1000))
  const feeRecipient = deps.feeRecipient === undefined ? undefined : BigInt(deps.feeRecipient)
  const spending = deps.spending ?? createSpendingLedger()

  const cosign = async (
    session: cosigner.CosignerSession,
    signing: Signing,
  ): Promise<cosigner.signSession.Response> => {
    const { hash, account, chainId, calls } = signing
    checkAuthorisation(session, guardianPublicKey)
    const message = sessionMessageHash(hash, session.sessionHash, session.cacheAuthorisation)
    checkSessionSignature(session, message)
    checkSessionKeyMaySign(session, signing.pending.kind)
    const record =
      deps.lookupSession === undefined ? undefined : await deps.lookupSession(session.sessionHash)
    if (deps.lookupSession !== undefined && record === undefined) {
      throw refuse('unknownSession', 'The cosigner does not know this session')
    }
    checkSessionScope(record, account, chainId)
    checkSessionKey(session, record)
    checkCalls(account, calls, record, await now())
    if (
      deps.revocations?.has(session.sessionHash) ||
      (await deps.isSessionRevoked?.(account, BigInt(session.sessionHash)))
    ) {
      throw refuse('sessionRevoked', 'The session has been revoked')
    }
    // What ended on chain gives back its unused charge first (reads the chain: it awaits)...
    if (record !== undefined && deps.outcomeOf !== undefined) {
      await settlePending(session.sessionHash, spending, deps.outcomeOf)
    }
    // ...then no await from here to the charge: concurrent requests cannot both spend what is left of a cap.
    if (record !== undefined) {
      const charges = feeCharges(record, calls, signing.maxFeeInStrk, feeRecipient)
      // The same transaction asked for again (a retry) is charged once: it can run only once.
      if (!spending.isPending(session.sessionHash, hash)) {
        checkFeeCaps(session.sessionHash, record, charges, spending)
        spending.charge(session.sessionHash, hash, charges, signing.pending)
      }
    }
    const { signer, r, s } = signHash(message, deps.guardianPrivateKey)
    return { signature: { publicKey: toHex(signer), r: toHex(r), s: toHex(s) } }
  }
  const checkChain = (chainId: string | number): Felt => {
    const felt = chainIdFelt(chainId)
    if (!chainIds.has(felt)) throw refuse('unsupportedChain', `The cosigner does not serve chain ${chainId}`)
    return felt
  }

  return { guardianPublicKey, now, cosign, checkChain }
}
