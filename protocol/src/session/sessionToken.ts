// The session-token signature: [SESSION_MAGIC, ...SessionToken] as x-sessions compiles it and
// Argent account 0.4 deserialises it (session, cache_authorization, session_authorization,
// session_signature, guardian_signature, proofs).
import { allowedMethodsTree, type NamedCall } from './allowedMethods'
import { type Felt, type FeltLike, poseidonMany, shortString, toFelt } from './felt'
import { DeserializeError, FeltReader } from './reader'
import { type OnChainSession, onChainSession, type Session } from './session'
import { type StarknetSignerSignature, serializeSignerSignature, signHash } from './signer'
import {
  readWebauthnSignerSignature,
  WEBAUTHN_SIGNER_VARIANT,
  type WebauthnSignerSignature,
} from './webauthn'

/** The first felt of every session-token signature: 'session-token'. */
export const SESSION_MAGIC = shortString('session-token')

/** The x-sessions token that signs a session transaction: the session, its authorisations, signatures and proofs. @example parseSessionToken(transaction.signature).proofs */
export interface SessionToken {
  readonly session: OnChainSession
  /** When set, the account caches the owner+guardian authorisation and later tokens may omit it. */
  readonly cacheAuthorization: boolean
  /** The account signature (owner, guardian) over the session hash, as felts. */
  readonly sessionAuthorization: readonly Felt[]
  /** The session key's signature: a Stark key's, or a WebAuthn signer's (a P-256 key; see ./webauthn). */
  readonly sessionSignature: StarknetSignerSignature | WebauthnSignerSignature
  readonly guardianSignature: StarknetSignerSignature
  /** One Merkle proof per call, in call order. */
  readonly proofs: readonly (readonly Felt[])[]
}

/**
 * A token to serialise: the session signature may be given already serialised (the felts of any
 * `SignerSignature` variant, e.g. `serializeWebauthnSignerSignature`'s), so the Stark-only path stays small.
 */
export type SessionTokenToSerialize = Omit<SessionToken, 'sessionSignature'> & {
  readonly sessionSignature: StarknetSignerSignature | readonly Felt[]
}

/**
 * What the session key and the guardian sign: poseidon(tx_hash, session_hash, cache_authorization).
 * @example sessionMessageHash(txHash, sessionHash(session, account, chainId), false)
 */
export function sessionMessageHash(
  transactionHash: FeltLike,
  sessionHashValue: FeltLike,
  cacheAuthorization: boolean,
): Felt {
  return poseidonMany([toFelt(transactionHash), toFelt(sessionHashValue), cacheAuthorization ? 1n : 0n])
}

/**
 * The session key's signature over a transaction (or outside-execution) hash.
 * @example signSessionMessage({ transactionHash, sessionHash, cacheAuthorization: false, sessionPrivateKey })
 */
export function signSessionMessage(parameters: {
  readonly transactionHash: FeltLike
  readonly sessionHash: FeltLike
  readonly cacheAuthorization: boolean
  readonly sessionPrivateKey: FeltLike
}): StarknetSignerSignature {
  const hash = sessionMessageHash(
    parameters.transactionHash,
    parameters.sessionHash,
    parameters.cacheAuthorization,
  )
  return signHash(hash, parameters.sessionPrivateKey)
}

/** What a session token is assembled from: the session, the calls and their signatures. @example buildSessionToken({ session, calls, sessionAuthorization, sessionSignature, guardianSignature, cacheAuthorization: false }) */
export interface BuildSessionTokenParameters {
  readonly session: Session
  readonly calls: readonly NamedCall[]
  readonly sessionAuthorization: readonly FeltLike[]
  /** A Stark key's signature, or the serialised felts of another `SignerSignature` variant. */
  readonly sessionSignature: StarknetSignerSignature | readonly Felt[]
  readonly guardianSignature: StarknetSignerSignature
  readonly cacheAuthorization: boolean
}

/**
 * Assembles the token for `calls`: on-chain session plus one allowed-methods proof per call.
 * @example buildSessionToken({ session, calls, sessionAuthorization, sessionSignature, guardianSignature, cacheAuthorization: false })
 */
export function buildSessionToken(parameters: BuildSessionTokenParameters): SessionTokenToSerialize {
  const tree = allowedMethodsTree(parameters.session.allowedMethods)
  return {
    session: onChainSession(parameters.session),
    cacheAuthorization: parameters.cacheAuthorization,
    sessionAuthorization: parameters.sessionAuthorization.map(toFelt),
    sessionSignature: parameters.sessionSignature,
    guardianSignature: parameters.guardianSignature,
    proofs: parameters.calls.map((call) => tree.proofFor(call)),
  }
}

/**
 * The transaction signature felts: [SESSION_MAGIC, ...Cairo serialisation of the token].
 * @example serializeSessionToken(token).map(toHex) // what the session account puts in `signature`
 */
export function serializeSessionToken(token: SessionTokenToSerialize): Felt[] {
  const { session, sessionSignature } = token
  return [
    SESSION_MAGIC,
    session.expiresAt,
    session.allowedMethodsRoot,
    session.metadataHash,
    session.sessionKeyGuid,
    token.cacheAuthorization ? 1n : 0n,
    BigInt(token.sessionAuthorization.length),
    ...token.sessionAuthorization,
    ...('signer' in sessionSignature ? serializeSignerSignature(sessionSignature) : sessionSignature),
    ...serializeSignerSignature(token.guardianSignature),
    BigInt(token.proofs.length),
    ...token.proofs.flatMap((proof) => [BigInt(proof.length), ...proof]),
  ]
}

/**
 * The transaction signature for `calls` in one step: `serializeSessionToken(buildSessionToken(parameters))`.
 * @example account.signature = sessionTokenSignature({ session, calls, sessionAuthorization, sessionSignature, guardianSignature, cacheAuthorization: false }).map(toHex)
 */
export function sessionTokenSignature(parameters: BuildSessionTokenParameters): Felt[] {
  return serializeSessionToken(buildSessionToken(parameters))
}

/**
 * True when a signature starts with SESSION_MAGIC (Argent's `is_session`).
 * @example isSessionSignature(tx.signature)
 */
export function isSessionSignature(signature: readonly FeltLike[]): boolean {
  const first = signature[0]
  return first !== undefined && toFelt(first) === SESSION_MAGIC
}

/**
 * Parses a session-token signature; throws DeserializeError when the felts are not exactly one token.
 * @example parseSessionToken(tx.signature).session.expiresAt
 */
export function parseSessionToken(signature: readonly FeltLike[]): SessionToken {
  if (!isSessionSignature(signature)) throw new DeserializeError('Not a session token')
  const reader = new FeltReader(signature.slice(1).map(toFelt))
  const session: OnChainSession = {
    expiresAt: reader.u64(),
    allowedMethodsRoot: reader.felt(),
    metadataHash: reader.felt(),
    sessionKeyGuid: reader.felt(),
  }
  const token: SessionToken = {
    session,
    cacheAuthorization: reader.bool(),
    sessionAuthorization: reader.array(),
    sessionSignature: readSessionSigner(reader),
    guardianSignature: reader.signerSignature(),
    proofs: Array.from({ length: reader.length() }, () => reader.array()),
  }
  reader.end()
  return token
}

/** `SignerSignature` of the session key: the Starknet variant, or the WebAuthn one (index 4). */
function readSessionSigner(reader: FeltReader): StarknetSignerSignature | WebauthnSignerSignature {
  const variant = reader.felt()
  if (variant === WEBAUTHN_SIGNER_VARIANT) return readWebauthnSignerSignature(reader)
  if (variant !== 0n) throw new DeserializeError(`Unsupported signer type ${variant}`)
  const signer = reader.felt()
  if (signer === 0n) throw new DeserializeError('Zero public key')
  return { signer, r: reader.felt(), s: reader.felt() }
}
