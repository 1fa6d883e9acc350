// The session as x-sessions builds it (off-chain: allowed methods and metadata text) and as Argent's
// account sees it (on-chain: Merkle root and metadata hash), with its SNIP-12 revision 1 hash.
import { DEFAULT_SESSION_EXPIRY_MS } from '../constants'
import { type AllowedMethod, allowedMethodsTree } from './allowedMethods'
import { hashByteArray } from './byteArray'
import { chainIdFelt } from './chainId'
import { type Felt, type FeltLike, poseidonMany, shortString, toFelt, toHex, typeHash } from './felt'
import { memo } from './memo'
import { signerGuid } from './signer'
import { messageHash, type StarknetDomain } from './typedDataHash'
import { starknetDomainType, type TypedDataJson } from './typedDataJson'

/** Type hash of the SNIP-12 `Session` struct. */
export const SESSION_TYPE_HASH = /* @__PURE__ */ typeHash(
  '"Session"("Expires At":"timestamp","Allowed Methods":"merkletree","Metadata":"string","Session Key":"felt")',
)

/** The session domain name the wallet recognises on /signSessionKeys. */
export const SESSION_DOMAIN_NAME = 'SessionAccount.session'

/** The session the owner signs: what the dapp asks for. */
export interface Session {
  /** Seconds since the Unix epoch. */
  readonly expiresAt: bigint
  readonly allowedMethods: readonly AllowedMethod[]
  /** The metadata as JSON text, hashed as a Cairo ByteArray. */
  readonly metadata: string
  readonly sessionKeyGuid: Felt
}

/** The session as Argent's `Session` struct stores it in a session token. */
export interface OnChainSession {
  readonly expiresAt: bigint
  readonly allowedMethodsRoot: Felt
  readonly metadataHash: Felt
  readonly sessionKeyGuid: Felt
}

/** What a session is built from: expiry, allowed methods, metadata and the session key. @example buildSession({ allowedMethods, metadata, sessionPublicKey }) */
export interface BuildSessionParameters {
  /** Seconds since the epoch; default now + 10,000 ms (docs/protocol.md, Constants), rounded up to a second. */
  readonly expiresAt?: bigint | number | undefined
  readonly allowedMethods: readonly AllowedMethod[]
  /** Metadata object (serialised with JSON.stringify, as x-sessions does) or JSON text. */
  readonly metadata: unknown
  readonly sessionPublicKey: FeltLike
  /** The key's signer GUID when it is no Stark key (e.g. a WebAuthn signer's); default: the Starknet signer's. */
  readonly sessionKeyGuid?: FeltLike | undefined
}

/**
 * Builds a session for a fresh session key, as x-sessions' `createOffchainSession` does.
 * @example buildSession({ expiresAt: 1_800_000_000n, allowedMethods, metadata: { projectID: 'demo', txFees }, sessionPublicKey })
 */
export function buildSession(parameters: BuildSessionParameters): Session {
  const { metadata } = parameters
  return {
    expiresAt: BigInt(parameters.expiresAt ?? Math.ceil((Date.now() + DEFAULT_SESSION_EXPIRY_MS) / 1000)),
    allowedMethods: parameters.allowedMethods,
    metadata: typeof metadata === 'string' ? metadata : JSON.stringify(metadata),
    sessionKeyGuid: toFelt(parameters.sessionKeyGuid ?? signerGuid(parameters.sessionPublicKey)),
  }
}

// The metadata of the last few sessions, hashed: every session transaction needs it for its token.
const metadataHashes = /* @__PURE__ */ memo<string, Felt>(16)
const metadataHash = (metadata: string): Felt => metadataHashes(metadata, () => hashByteArray(metadata))

/**
 * The on-chain form: allowed methods become their Merkle root, metadata its ByteArray hash.
 * @example onChainSession(session).allowedMethodsRoot
 */
export function onChainSession(session: Session): OnChainSession {
  return {
    expiresAt: session.expiresAt,
    allowedMethodsRoot: allowedMethodsTree(session.allowedMethods).root,
    metadataHash: metadataHash(session.metadata),
    sessionKeyGuid: session.sessionKeyGuid,
  }
}

/** The session domain: name 'SessionAccount.session', version '1' (short string), revision 1. */
export function sessionDomain(chainId: FeltLike): StarknetDomain {
  return {
    name: shortString(SESSION_DOMAIN_NAME),
    version: shortString('1'),
    chainId: chainIdFelt(chainId),
    revision: 1n,
  }
}

/**
 * The SNIP-12 revision 1 hash the owner and guardian sign, as Argent's `get_message_hash_rev_1` computes it.
 * @example sessionHash(session, accountAddress, 'SN_SEPOLIA')
 */
export function sessionHash(
  session: Session | OnChainSession,
  accountAddress: FeltLike,
  chainId: FeltLike,
): Felt {
  const onChain = 'allowedMethodsRoot' in session ? session : onChainSession(session)
  const structHash = poseidonMany([
    SESSION_TYPE_HASH,
    onChain.expiresAt,
    onChain.allowedMethodsRoot,
    onChain.metadataHash,
    onChain.sessionKeyGuid,
  ])
  return messageHash(sessionDomain(chainId), toFelt(accountAddress), structHash)
}

/** The session typed data message, field for field as x-sessions' `getSessionTypedData` builds it. */
export type SessionTypedDataMessage = {
  'Expires At': number
  'Allowed Methods': AllowedMethod[]
  Metadata: string
  'Session Key': string
}

export type SessionTypedData = TypedDataJson<SessionTypedDataMessage>

/**
 * The typed data the wallet shows on /signSessionKeys; its starknet.js message hash equals `sessionHash`.
 * @example typedData.getMessageHash(sessionTypedData(session, chainId), account) // == toHex(sessionHash(...))
 */
export function sessionTypedData(session: Session, chainId: FeltLike): SessionTypedData {
  return {
    types: {
      StarknetDomain: starknetDomainType(),
      'Allowed Method': [
        { name: 'Contract Address', type: 'ContractAddress' },
        { name: 'selector', type: 'selector' },
      ],
      Session: [
        { name: 'Expires At', type: 'timestamp' },
        { name: 'Allowed Methods', type: 'merkletree', contains: 'Allowed Method' },
        { name: 'Metadata', type: 'string' },
        { name: 'Session Key', type: 'felt' },
      ],
    },
    primaryType: 'Session',
    domain: {
      name: SESSION_DOMAIN_NAME,
      version: toHex(shortString('1')),
      chainId: toHex(chainIdFelt(chainId)),
      revision: '1',
    },
    message: {
      'Expires At': Number(session.expiresAt),
      'Allowed Methods': [...session.allowedMethods],
      Metadata: session.metadata,
      'Session Key': toHex(session.sessionKeyGuid),
    },
  }
}
