import { cosigner } from '@webwallet/protocol/services'
import {
  chainIdFelt,
  type Felt,
  type OutsideExecution,
  outsideExecutionHash,
  selectorFromName,
  sessionMessageHash,
  sessionRevocationHash,
  signHash,
  toHex,
} from '@webwallet/protocol/session'
import express, { Router } from 'express'
import { parseTransaction } from '../../chain/parseTransaction'
import { starkPublicKey } from '../../chain/signature'
import { RPC_0_7_TRANSACTION } from '../../chain/transaction'
import { transactionHash } from '../../chain/transactionHash'
import { cors } from '../../infra/http/cors'
import { handleErrors } from '../../infra/http/HttpError'
import { unknownRoutes } from '../../infra/http/unknownRoutes'
import { validate } from '../../infra/http/validate'
import {
  type CosignerCall,
  checkAuthorisation,
  checkCalls,
  checkSessionKey,
  checkSessionKeyMaySign,
  checkSessionScope,
  checkSessionSignature,
  decodeMulticall,
  refuse,
  type SessionRecord,
} from './checks'
import { checkFeeCaps, feeCharges, maxFeeOf } from './fees'
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
interface Signing {
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

/**
 * The session cosigner (mount it at `/cosigner`): checks the session authorisation (owner + this guardian),
 * the session key's signature over the transaction or outside execution, and the calls, then answers the
 * guardian's signature over poseidon(hash, session hash, cache flag) as `{signature: {publicKey, r, s}}`.
 *
 * @example
 * app.use('/cosigner', createCosignerRouter({ guardianPrivateKey })) // the instance's own key (app.ts)
 */
export function createCosignerRouter(deps: CosignerDependencies): Router {
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

  const router = Router()
  router.use(cors({ methods: ['POST'] }))
  router.use(express.json())

  router.post('/signSession', async (req, res) => {
    const { session, transaction } = validate(cosigner.signSession.Request, req.body, 'body')
    const chainId = checkChain(transaction.chain_id)
    let tx: ReturnType<typeof parseTransaction>
    // A V3 without `l1_data_gas` is spec 0.7's (x-sessions 7, starknet.js 6): hashed with its two bounds,
    // as the chain hashes it when it comes through /rpc/v0_7.
    const from07 = transaction.resource_bounds.l1_data_gas === undefined
    try {
      tx = parseTransaction(
        { ...transaction, type: 'INVOKE', signature: [], ...(from07 ? { [RPC_0_7_TRANSACTION]: true } : {}) },
        'INVOKE',
      )
    } catch (error) {
      throw refuse('invalidTransaction', `Invalid transaction: ${(error as Error).message}`)
    }
    if (tx.type !== 'INVOKE') throw refuse('invalidTransaction', 'Invalid transaction: expected an INVOKE')
    const calls = decodeMulticall(tx.calldata)
    const maxFeeInStrk = maxFeeOf({ resourceBounds: transaction.resource_bounds, tip: transaction.tip })
    const account = tx.senderAddress
    const pending = {
      kind: 'invoke',
      account: toHex(account),
      nonce: toHex(tx.nonce),
      maxFee: `${maxFeeInStrk}`,
    } as const
    const hash = transactionHash(tx, chainId)
    res.json(await cosign(session, { hash, account, chainId, calls, maxFeeInStrk, pending }))
  })

  router.post('/signSessionEFO', async (req, res) => {
    const { session, message } = validate(cosigner.signSessionEFO.Request, req.body, 'body')
    const { domain, message: fields } = message.message
    const chainId = checkChain(domain.chainId)
    const execution: OutsideExecution = {
      caller: fields.Caller,
      nonce: fields.Nonce,
      executeAfter: fields['Execute After'],
      executeBefore: fields['Execute Before'],
      calls: fields.Calls.map((call) => ({
        to: BigInt(call.To),
        selector: /^0x[0-9a-fA-F]+$/.test(call.Selector)
          ? BigInt(call.Selector)
          : selectorFromName(call.Selector),
        calldata: call.Calldata,
      })),
    }
    if (execution.executeBefore <= BigInt(await now())) {
      throw refuse('outsideExecutionExpired', 'The outside execution is no longer valid')
    }
    const account = BigInt(message.accountAddress)
    const hash = outsideExecutionHash(execution, account, chainId)
    const calls = [...execution.calls]
    // The relayer pays the gas; the session pays only its fee transfers, counted among the calls.
    const pending = {
      kind: 'outside',
      account: toHex(account),
      nonce: toHex(execution.nonce),
      executeBefore: Number(execution.executeBefore),
    } as const
    res.json(await cosign(session, { hash, account, chainId, calls, maxFeeInStrk: 0n, pending }))
  })

  // The session revokes itself: its key signs the revocation message. A known session only (the key must be
  // the session's own, which only the wallet's record can tell): a stolen key can revoke its session, and no
  // other, and can never undo a revocation.
  const { revocations } = deps
  if (revocations) {
    router.post('/revokeSession', async (req, res) => {
      const { session } = validate(cosigner.revokeSession.Request, req.body, 'body')
      checkAuthorisation(session, guardianPublicKey)
      const record = await deps.lookupSession?.(session.sessionHash)
      // A record without its key (saved by an older wallet-sim) cannot tell the session's key from any other.
      if (record?.sessionKeyGuid === undefined)
        throw refuse('unknownSession', 'The cosigner does not know this session')
      checkSessionSignature(session, sessionRevocationHash(session.sessionHash))
      checkSessionKey(session, record)
      revocations.revoke(session.sessionHash)
      res.json({
        sessionHash: toHex(BigInt(session.sessionHash)),
        revoked: true,
      } satisfies cosigner.revokeSession.Response)
    })
  }

  router.use(unknownRoutes(router))
  router.use(handleErrors)
  return router
}
