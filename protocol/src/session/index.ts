// @webwallet/protocol/session: x-sessions-compatible session cryptography, shared by the shim (which
// builds session signatures) and wallet-sim (whose Argent account verifies them).

export { type AccountSigners, argentConstructorCalldata, argentSigners } from './accountSigners'
export { assertCallsAligned, type TypedDataCall } from './alignCalls'
export {
  ALLOWED_METHOD_TYPE_HASH,
  type AllowedMethod,
  type AllowedMethodsTree,
  allowedMethodLeaf,
  allowedMethodsTree,
  isAllowedCall,
  type NamedCall,
} from './allowedMethods'
export { byteArrayFelts, hashByteArray } from './byteArray'
export { chainIdFelt } from './chainId'
export {
  type Felt,
  type FeltLike,
  FIELD_PRIME,
  type PoseidonImplementation,
  poseidonMany,
  poseidonPair,
  selectorFelt,
  selectorFromName,
  setPoseidonImplementation,
  shortString,
  toFelt,
  toHex,
} from './felt'
export { memo } from './memo'
export { merkleProof, merkleRoot, verifyMerkleProof } from './merkle'
export {
  ANY_CALLER,
  buildOutsideExecution,
  type NamedOutsideCall,
  type OutsideCall,
  type OutsideExecution,
  type OutsideExecutionTypedDataMessage,
  outsideExecutionCalldata,
  outsideExecutionHash,
  outsideExecutionTypedData,
  parseOutsideExecutionCalldata,
} from './outsideExecution'
export { P256_ORDER, type Point, pointFromX, recoverP256 } from './p256'
export { DeserializeError, FeltReader } from './reader'
export { SESSION_REVOCATION_MAGIC, sessionRevocationHash } from './revocation'
export {
  type BuildSessionParameters,
  buildSession,
  type OnChainSession,
  onChainSession,
  SESSION_DOMAIN_NAME,
  type Session,
  type SessionTypedData,
  type SessionTypedDataMessage,
  sessionDomain,
  sessionHash,
  sessionTypedData,
} from './session'
export {
  type BuildSessionTokenParameters,
  buildSessionToken,
  isSessionSignature,
  parseSessionToken,
  SESSION_MAGIC,
  type SessionToken,
  type SessionTokenToSerialize,
  serializeSessionToken,
  sessionMessageHash,
  sessionTokenSignature,
  signSessionMessage,
} from './sessionToken'
export {
  publicKeyOf,
  type StarknetSignerSignature,
  serializeSignerSignature,
  serializeSignerSignatures,
  signerGuid,
  signHash,
  verifySignerSignature,
} from './signer'
export { domainHash, messageHash, type StarknetDomain } from './typedDataHash'
export type { TypedDataDomain, TypedDataField, TypedDataJson } from './typedDataJson'
export {
  bigEndian,
  FLAGS_UP_UV,
  fromBigEndian,
  isValidWebauthnRecovery,
  normalizeP256Signature,
  readWebauthnSignerSignature,
  SHA256_CAIRO1,
  serializeWebauthnSignerSignature,
  WEBAUTHN_ASSERTION_DEFAULTS,
  WEBAUTHN_SIGNER_TYPE,
  WEBAUTHN_SIGNER_VARIANT,
  type WebauthnSignature,
  type WebauthnSigner,
  type WebauthnSignerSignature,
  webauthnAuthenticatorData,
  webauthnClientData,
  webauthnSignedBytes,
  webauthnSignerGuid,
} from './webauthn'
