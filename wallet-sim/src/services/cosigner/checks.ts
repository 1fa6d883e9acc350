import { sameAddress, toHex } from '@webwallet/protocol/constants'
import type { CosignerRefusal, cosigner } from '@webwallet/protocol/services'
import {
  DeserializeError,
  type Felt,
  FeltReader,
  readWebauthnSignerSignature,
  type StarknetSignerSignature,
  selectorFelt,
  signerGuid,
  verifySignerSignature,
  WEBAUTHN_SIGNER_VARIANT,
  type WebauthnSignerSignature,
  webauthnSignerGuid,
} from '@webwallet/protocol/session'
import { verifyWebauthnSignature } from '../../chain/webauthn'
import { HttpError } from '../../infra/http/HttpError'

/** A session as the wallet registered it, when the cosigner is given a way to look sessions up. */
export interface SessionRecord {
  /** Contract address and selector (hex) or entry-point name. */
  allowedMethods: readonly { contractAddress: string; selector: string }[]
  /** Seconds since the epoch. */
  expiresAt: number | bigint
  /** The session metadata's fee caps: the most the session may spend on gas per fee token (base units). */
  txFees?: readonly { tokenAddress: string; maxAmount: string }[] | undefined
  /** The session key's signer GUID (the typed data's `Session Key`), when the wallet recorded it. */
  sessionKeyGuid?: string | undefined
  /** The account that signed it (hex), when the wallet recorded it. */
  account?: string | undefined
  /** The chain id of its typed data's domain (hex felt), when the wallet recorded it. */
  chainId?: string | undefined
}

export interface CosignerCall {
  to: Felt
  selector: Felt
  calldata: readonly Felt[]
}

/**
 * A refusal: 403 with a `status` word in the body, which the SDK's 'Sign session error' carries.
 *
 * @example
 * throw refuse('sessionExpired', 'The session has expired')
 */
export function refuse(status: CosignerRefusal, message: string): HttpError {
  return new HttpError(403, 'FORBIDDEN', message, [message], { status })
}

/**
 * The session authorisation must be Argent's `[n, (0, pubkey, r, s)…]` over the session hash, with every
 * signature valid and one of them the guardian's (this cosigner's key): the wallet authorised this session.
 */
export function checkAuthorisation(session: cosigner.CosignerSession, guardianPublicKey: Felt): void {
  const felts = session.sessionAuthorisation.map((value) => BigInt(value))
  const count = Number(felts[0] ?? 0n)
  const hash = BigInt(session.sessionHash)
  const invalid = () =>
    refuse('invalidSessionAuthorisation', 'The session authorisation is not signed by owner and guardian')
  if (count < 2 || felts.length !== 1 + 4 * count) throw invalid()
  const signers: Felt[] = []
  for (let i = 0; i < count; i++) {
    const [variant, signer, r, s] = felts.slice(1 + 4 * i, 5 + 4 * i)
    if (variant !== 0n || signer === undefined || r === undefined || s === undefined) throw invalid()
    if (!verifySignerSignature(hash, { signer, r, s })) throw invalid()
    signers.push(signer)
  }
  if (!signers.includes(guardianPublicKey)) throw invalid()
}

/** The session key's signer and signature, whichever kind of key it is. */
type SessionSigner =
  | { kind: 'stark'; signature: StarknetSignerSignature | undefined; guid: Felt }
  | { kind: 'webauthn'; signature: WebauthnSignerSignature; guid: Felt }

function sessionSigner(session: cosigner.CosignerSession): SessionSigner {
  const body = session.sessionSignature
  if ('signerSignature' in body) {
    const webauthn = readWebauthn(body.signerSignature)
    return { kind: 'webauthn', signature: webauthn, guid: webauthnSignerGuid(webauthn.webauthn) }
  }
  const { signer } = body
  const r = signer.r ?? body.r
  const s = signer.s ?? body.s
  const publicKey = BigInt(signer.publicKey)
  return {
    kind: 'stark',
    signature:
      r === undefined || s === undefined ? undefined : { signer: publicKey, r: BigInt(r), s: BigInt(s) },
    guid: signerGuid(publicKey),
  }
}

function readWebauthn(felts: readonly string[]): WebauthnSignerSignature {
  try {
    const reader = new FeltReader(felts.map((felt) => BigInt(felt)))
    if (reader.felt() !== WEBAUTHN_SIGNER_VARIANT) throw new DeserializeError('Not a WebAuthn signer')
    const signature = readWebauthnSignerSignature(reader)
    reader.end()
    return signature
  } catch (error) {
    if (!(error instanceof DeserializeError)) throw error
    throw refuse('invalidSessionSignature', 'The session signature is not a WebAuthn signer signature')
  }
}

/**
 * The session key's signature over poseidon(hash, session hash, cache flag) must verify: a Stark key's, or
 * a WebAuthn (P-256) signer's, checked as the account checks it (P-256 with node:crypto).
 */
export function checkSessionSignature(session: cosigner.CosignerSession, messageHash: Felt): void {
  const signer = sessionSigner(session)
  const valid =
    signer.kind === 'webauthn'
      ? verifyWebauthnSignature(messageHash, signer.signature)
      : signer.signature !== undefined && verifySignerSignature(messageHash, signer.signature)
  if (!valid) throw refuse('invalidSessionSignature', 'The session signature does not match the transaction')
}

/** Why a P-256 session key's self-paid invoke is refused (the account refuses it too). */
export const P256_INVOKE_REFUSAL =
  'A P-256 session key can only sign outside executions: the account checks its signature in __validate__, which may use 100M L2 gas, and the WebAuthn check needs about 134M (send the call through the paymaster, as the SDK does)'

/**
 * A WebAuthn (P-256) session key may sign outside executions only: the real Argent account checks a
 * self-paid invoke's session signature in `__validate__`, whose step limit the WebAuthn check exceeds, so the
 * node refuses it (55, out of steps; chain/limits.ts). Co-signing it would only charge the session for a
 * transaction that cannot run.
 */
export function checkSessionKeyMaySign(session: cosigner.CosignerSession, kind: 'invoke' | 'outside'): void {
  if (kind === 'invoke' && sessionSigner(session).kind === 'webauthn') {
    throw refuse('p256InvokeNotAllowed', P256_INVOKE_REFUSAL)
  }
}

/**
 * The key that signed must be the session's own (its GUID is the session's `Session Key`): the session
 * authorisation is public once used, and only the session key may spend it.
 */
export function checkSessionKey(session: cosigner.CosignerSession, record: SessionRecord | undefined): void {
  if (record?.sessionKeyGuid === undefined) return
  if (sessionSigner(session).guid !== BigInt(record.sessionKeyGuid)) {
    throw refuse('invalidSessionSignature', 'The session signature is not by the session key')
  }
}

/**
 * A session is the account's that signed it, on the chain it was signed for: its authorisation and its key do
 * not make a transaction of another account, or on another chain, one of this session's.
 */
export function checkSessionScope(record: SessionRecord | undefined, account: Felt, chainId: Felt): void {
  if (record?.account !== undefined && !sameAddress(record.account, account)) {
    throw refuse('unknownSession', 'The cosigner does not know this session for this account')
  }
  if (record?.chainId !== undefined && BigInt(record.chainId) !== chainId) {
    throw refuse('unknownSession', 'The cosigner does not know this session on this chain')
  }
}

/**
 * The calls of an account's `__execute__` calldata: `[n, (to, selector, len, …calldata)…]`.
 *
 * @example
 * decodeMulticall([1n, 0xabcn, 0x1n, 0n]) // [{ to: 0xabcn, selector: 1n, calldata: [] }]
 */
export function decodeMulticall(calldata: readonly Felt[]): CosignerCall[] {
  const bad = () => refuse('invalidCalldata', 'The transaction calldata is not a list of calls')
  const count = Number(calldata[0] ?? -1n)
  if (count < 1) throw bad()
  const calls: CosignerCall[] = []
  let at = 1
  for (let i = 0; i < count; i++) {
    const [to, selector, length] = calldata.slice(at, at + 3)
    if (to === undefined || selector === undefined || length === undefined) throw bad()
    const end = at + 3 + Number(length)
    if (end > calldata.length) throw bad()
    calls.push({ to, selector, calldata: calldata.slice(at + 3, end) })
    at = end
  }
  if (at !== calldata.length) throw bad()
  return calls
}

/**
 * The calls a session may make: never its own account (owner changes, upgrades, escapes), and, when the
 * session is known, only its allowed methods and only before it expires.
 */
export function checkCalls(
  account: Felt,
  calls: readonly CosignerCall[],
  record: SessionRecord | undefined,
  nowSeconds: number,
): void {
  if (calls.some((call) => call.to === account)) {
    throw refuse('forbiddenCall', 'A session may not call its own account')
  }
  if (record === undefined) return
  if (BigInt(record.expiresAt) <= BigInt(nowSeconds))
    throw refuse('sessionExpired', 'The session has expired')
  const allowed = new Set(
    record.allowedMethods.map(
      ({ contractAddress, selector }) => `${BigInt(contractAddress)}:${selectorFelt(selector)}`,
    ),
  )
  for (const call of calls) {
    if (!allowed.has(`${call.to}:${call.selector}`)) {
      throw refuse(
        'methodNotAllowed',
        `The session does not allow selector ${toHex(call.selector)} on ${toHex(call.to)}`,
      )
    }
  }
}
