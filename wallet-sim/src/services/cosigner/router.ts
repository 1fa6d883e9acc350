import { cosigner } from '@webwallet/protocol/services'
import {
  type OutsideExecution,
  outsideExecutionHash,
  selectorFromName,
  sessionRevocationHash,
  toHex,
} from '@webwallet/protocol/session'
import express, { Router } from 'express'
import { parseTransaction } from '../../chain/parseTransaction'
import { RPC_0_7_TRANSACTION } from '../../chain/transaction'
import { transactionHash } from '../../chain/transactionHash'
import { cors } from '../../infra/http/cors'
import { handleErrors } from '../../infra/http/HttpError'
import { unknownRoutes } from '../../infra/http/unknownRoutes'
import { validate } from '../../infra/http/validate'
import { checkAuthorisation, checkSessionKey, checkSessionSignature, decodeMulticall, refuse } from './checks'
import { type CosignerDependencies, type Cosigning, createCosigning } from './cosign'
import { maxFeeOf } from './fees'
import type { RevocationList } from './revocations'

export type { CosignerDependencies } from './cosign'

/**
 * The session cosigner (mount it at `/cosigner`): checks the session authorisation (owner + this guardian),
 * the session key's signature over the transaction or outside execution, and the calls, then answers the
 * guardian's signature over poseidon(hash, session hash, cache flag) as `{signature: {publicKey, r, s}}`.
 *
 * @example
 * app.use('/cosigner', createCosignerRouter({ guardianPrivateKey })) // the instance's own key (app.ts)
 */
export function createCosignerRouter(deps: CosignerDependencies): Router {
  const cosigning = createCosigning(deps)
  const router = Router()
  router.use(cors({ methods: ['POST'] }))
  router.use(express.json())
  serveSignSession(router, cosigning)
  serveSignSessionEFO(router, cosigning)
  if (deps.revocations) serveRevokeSession(router, cosigning, deps.revocations, deps.lookupSession)
  router.use(unknownRoutes(router))
  router.use(handleErrors)
  return router
}

/** `POST /signSession`: a self-paid invoke, hashed as the chain hashes it. */
function serveSignSession(router: Router, { cosign, checkChain }: Cosigning): void {
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
}

/** `POST /signSessionEFO`: an outside execution (SNIP-9), paid by its relayer. */
function serveSignSessionEFO(router: Router, { cosign, checkChain, now }: Cosigning): void {
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
}

// The session revokes itself: its key signs the revocation message. A known session only (the key must be
// the session's own, which only the wallet's record can tell): a stolen key can revoke its session, and no
// other, and can never undo a revocation.
function serveRevokeSession(
  router: Router,
  { guardianPublicKey }: Cosigning,
  revocations: RevocationList,
  lookupSession: CosignerDependencies['lookupSession'],
): void {
  router.post('/revokeSession', async (req, res) => {
    const { session } = validate(cosigner.revokeSession.Request, req.body, 'body')
    checkAuthorisation(session, guardianPublicKey)
    const record = await lookupSession?.(session.sessionHash)
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
