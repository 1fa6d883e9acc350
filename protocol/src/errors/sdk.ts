import type { CosignerRefusal } from '../services/cosignerRefusals'
import { defineError, defineFixedError, type ErrorOptions } from './base'
import { WALLET_API_CODES } from './codes'

// Session SDK errors (docs/protocol.md, Validation rules and Errors). Texts are exact.

/**
 * Why the cosigner did not co-sign: one of its contract's refusals (`'sessionExpired'`, …: `COSIGNER_REFUSALS`
 * of `@webwallet/protocol/services`), another cosigner's own word (kept as it came: checking it against the
 * list would put the list in the SDK's bundle), or the HTTP status of an answer that named none.
 */
export type SignSessionStatus = CosignerRefusal | (string & {}) | number

/**
 * The cosigner refused to co-sign. `data.status` says why (SignSessionStatus). A cosigner that cannot be
 * reached is SERVICE_UNREACHABLE instead. Triggers the gasless retry.
 *
 * @example
 * new SignSessionError('sessionExpired').data.status // 'sessionExpired'
 */
export const SignSessionError = /* @__PURE__ */ defineError(
  'SIGN_SESSION_ERROR',
  (status?: SignSessionStatus, o?: ErrorOptions) => ({
    message: 'Sign session error',
    data: { status },
    cause: o?.cause,
  }),
  (d) => [typeof d.status === 'number' || typeof d.status === 'string' ? d.status : undefined],
)
export type SignSessionError = InstanceType<typeof SignSessionError>

export const UnknownChainIdError = /* @__PURE__ */ defineFixedError('UNKNOWN_CHAIN_ID', 'Unknown chain id')
export type UnknownChainIdError = InstanceType<typeof UnknownChainIdError>

/**
 * No account class of the given provider at the address.
 *
 * @example
 * new NoAccountContractError('Argent').message // 'No Argent account contract found'
 */
export const NoAccountContractError = /* @__PURE__ */ defineError(
  'NO_ACCOUNT_CONTRACT',
  (provider: string, o?: ErrorOptions) => ({
    message: `No ${provider} account contract found`,
    data: { provider },
    cause: o?.cause,
  }),
  (d) => [String(d.provider ?? '')],
)
export type NoAccountContractError = InstanceType<typeof NoAccountContractError>

export const InvalidAddressFormatError = /* @__PURE__ */ defineFixedError(
  'INVALID_ADDRESS_FORMAT',
  'Invalid Address Format',
)
export type InvalidAddressFormatError = InstanceType<typeof InvalidAddressFormatError>
export const OutsideExecutionOnlyError = /* @__PURE__ */ defineFixedError(
  'OUTSIDE_EXECUTION_ONLY',
  'signMessage only for outside execution',
)
export type OutsideExecutionOnlyError = InstanceType<typeof OutsideExecutionOnlyError>
export const NoAccountAddressError = /* @__PURE__ */ defineFixedError(
  'NO_ACCOUNT_ADDRESS',
  'No account address found',
)
export type NoAccountAddressError = InstanceType<typeof NoAccountAddressError>
export const NoSignatureError = /* @__PURE__ */ defineFixedError('NO_SIGNATURE', 'No signature found')
export type NoSignatureError = InstanceType<typeof NoSignatureError>
export const UnalignedProofsError = /* @__PURE__ */ defineFixedError('UNALIGNED_PROOFS', 'unaligned proofs')
export type UnalignedProofsError = InstanceType<typeof UnalignedProofsError>
export const MismatchedContractAddressError = /* @__PURE__ */ defineFixedError(
  'MISMATCHED_CONTRACT_ADDRESS',
  'mismatched contract address',
)
export type MismatchedContractAddressError = InstanceType<typeof MismatchedContractAddressError>
export const MismatchedSelectorError = /* @__PURE__ */ defineFixedError(
  'MISMATCHED_SELECTOR',
  'mismatched selector',
)
export type MismatchedSelectorError = InstanceType<typeof MismatchedSelectorError>
export const DeployedAddressMismatchError = /* @__PURE__ */ defineFixedError(
  'DEPLOYED_ADDRESS_MISMATCH',
  'The deployed address does not match the expected address',
)
export type DeployedAddressMismatchError = InstanceType<typeof DeployedAddressMismatchError>
export const AccountAlreadyDeployedError = /* @__PURE__ */ defineFixedError(
  'ACCOUNT_ALREADY_DEPLOYED',
  'Account is already deployed',
  WALLET_API_CODES.ACCOUNT_ALREADY_DEPLOYED,
)
export type AccountAlreadyDeployedError = InstanceType<typeof AccountAlreadyDeployedError>
export const SignatureVerificationError = /* @__PURE__ */ defineFixedError(
  'SIGNATURE_VERIFICATION',
  'Signature verification Error',
)
export type SignatureVerificationError = InstanceType<typeof SignatureVerificationError>
export const TypedDataMismatchError = /* @__PURE__ */ defineFixedError(
  'TYPED_DATA_MISMATCH',
  'Typed data does not match JSON schema',
)
export type TypedDataMismatchError = InstanceType<typeof TypedDataMismatchError>
export const InvalidApprovalRequestError = /* @__PURE__ */ defineFixedError(
  'INVALID_APPROVAL_REQUEST',
  'Invalid approval request',
  WALLET_API_CODES.INVALID_REQUEST_PAYLOAD,
)
export type InvalidApprovalRequestError = InstanceType<typeof InvalidApprovalRequestError>

// The SDK's address texts (the connector's are schema messages only).
export const AddressTooShortError = /* @__PURE__ */ defineFixedError(
  'ADDRESS_TOO_SHORT',
  'Address must be at least 50 characters long',
)
export type AddressTooShortError = InstanceType<typeof AddressTooShortError>
export const AddressTooLongError = /* @__PURE__ */ defineFixedError(
  'ADDRESS_TOO_LONG',
  'Address must be at most 66 characters long',
)
export type AddressTooLongError = InstanceType<typeof AddressTooLongError>
export const AddressLengthError = /* @__PURE__ */ defineFixedError(
  'ADDRESS_LENGTH',
  'Address must be 66 characters long',
)
export type AddressLengthError = InstanceType<typeof AddressLengthError>
export const HexExpectedError = /* @__PURE__ */ defineFixedError(
  'HEX_EXPECTED',
  'Hex must be a hex string starting with 0x',
)
export type HexExpectedError = InstanceType<typeof HexExpectedError>
export const ChecksumAddressError = /* @__PURE__ */ defineFixedError(
  'CHECKSUM_ADDRESS',
  'Address is not a valid checksum address',
)
export type ChecksumAddressError = InstanceType<typeof ChecksumAddressError>

// Session SDK errors without a text in the original protocol (issue 15): every failure the SDK throws carries a code.

/**
 * An init option that cannot work; `data.path` names it (e.g. 'sessionParams.validityDays').
 *
 * @example
 * new InvalidOptionsError('appName', 'must not be empty').message // 'Invalid option appName: must not be empty'
 */
export const InvalidOptionsError = /* @__PURE__ */ defineError(
  'INVALID_OPTIONS',
  (path: string, reason: string, o?: ErrorOptions) => ({
    message: `Invalid option ${path}: ${reason}`,
    data: { path, reason },
    walletApiCode: WALLET_API_CODES.INVALID_REQUEST_PAYLOAD,
    cause: o?.cause,
  }),
  (d) => [String(d.path ?? ''), String(d.reason ?? '')],
)
export type InvalidOptionsError = InstanceType<typeof InvalidOptionsError>

/**
 * A call whose (contract, entrypoint or selector) pair the session does not allow.
 *
 * @example
 * new CallNotAllowedError('approve').message // 'Call not allowed by the session: approve'
 */
export const CallNotAllowedError = /* @__PURE__ */ defineError(
  'CALL_NOT_ALLOWED',
  (entrypoint: string, o?: ErrorOptions) => ({
    message: `Call not allowed by the session: ${entrypoint}`,
    data: { entrypoint },
    cause: o?.cause,
  }),
  (d) => [String(d.entrypoint ?? '')],
)
export type CallNotAllowedError = InstanceType<typeof CallNotAllowedError>

export const NoDeployerError = /* @__PURE__ */ defineFixedError('NO_DEPLOYER', 'No deployer configured')
export type NoDeployerError = InstanceType<typeof NoDeployerError>

/**
 * A service answer (paymaster, backend) that does not have the expected shape; `data.what` names it.
 *
 * @example
 * new UnexpectedAnswerError('gas token prices').message // 'Unexpected gas token prices'
 */
export const UnexpectedAnswerError = /* @__PURE__ */ defineError(
  'UNEXPECTED_ANSWER',
  (what: string, o?: ErrorOptions) => ({ message: `Unexpected ${what}`, data: { what }, cause: o?.cause }),
  (d) => [String(d.what ?? '')],
)
export type UnexpectedAnswerError = InstanceType<typeof UnexpectedAnswerError>

/**
 * A fee that cannot be converted to a gas token, or a paymaster asking more than agreed.
 *
 * @example
 * new GasFeeError('Invalid gas token price for 0x1').code // 'GAS_FEE'
 */
export const GasFeeError = /* @__PURE__ */ defineError(
  'GAS_FEE',
  (reason: string, o?: ErrorOptions) => ({ message: reason, data: { reason }, cause: o?.cause }),
  (d, message) => [String(d.reason ?? message)],
)
export type GasFeeError = InstanceType<typeof GasFeeError>

export const PaymasterIncompatibleError = /* @__PURE__ */ defineFixedError(
  'PAYMASTER_INCOMPATIBLE',
  'The account is not compatible with the paymaster',
)
export type PaymasterIncompatibleError = InstanceType<typeof PaymasterIncompatibleError>

/**
 * The self-paid route failed and so did the gasless retry: both errors are kept (`errors`, and `cause` is
 * the retry's error whose own chain is intact); `data` has both serialised.
 *
 * @example
 * if (e.code === 'GASLESS_RETRY_FAILED') console.log(e.errors[0], e.errors[1])
 */
export class GaslessRetryFailedError extends defineError(
  'GASLESS_RETRY_FAILED',
  (first: unknown, retry: unknown) => ({
    message: `The gasless retry failed: ${messageOf(retry)} (first error: ${messageOf(first)})`,
    data: { first: messageOf(first), retry: messageOf(retry) },
    cause: retry,
  }),
  (d) => [d.first, d.retry],
) {
  /** The first (self-paid) error, then the retry's. */
  declare readonly errors: readonly [unknown, unknown]
  constructor(first: unknown, retry: unknown) {
    super(first, retry)
    this.errors = [first, retry]
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

export const SessionKeyExportDisabledError = /* @__PURE__ */ defineFixedError(
  'SESSION_KEY_EXPORT_DISABLED',
  'Exporting the session private key is disabled (init option allowSessionKeyExport)',
)
export type SessionKeyExportDisabledError = InstanceType<typeof SessionKeyExportDisabledError>

/**
 * The node speaks a JSON-RPC version the SDK cannot use (it reads RPC 0.9/0.10: `pre_confirmed`, V3 fees).
 *
 * @example
 * new UnsupportedRpcVersionError('https://node/rpc/v0_7', '0.7.1').message
 */
export const UnsupportedRpcVersionError = /* @__PURE__ */ defineError(
  'UNSUPPORTED_RPC_VERSION',
  (nodeUrl: string, version: string, o?: ErrorOptions) => ({
    message: `The node at ${nodeUrl} speaks JSON-RPC ${version || 'of an unknown version'}; the SDK needs 0.9 or 0.10`,
    data: { nodeUrl, version },
    cause: o?.cause,
  }),
  (d) => [String(d.nodeUrl ?? ''), String(d.version ?? '')],
)
export type UnsupportedRpcVersionError = InstanceType<typeof UnsupportedRpcVersionError>

/**
 * The caller's AbortSignal fired; `cause` is the signal's reason.
 *
 * @example
 * await account.execute(calls, { signal }).catch((e) => e.code === 'OPERATION_ABORTED')
 */
export const OperationAbortedError = /* @__PURE__ */ defineError(
  'OPERATION_ABORTED',
  (operation: string, o?: ErrorOptions) => ({
    message: `${operation} was aborted`,
    data: { operation },
    cause: o?.cause,
  }),
  (d) => [String(d.operation ?? '')],
)
export type OperationAbortedError = InstanceType<typeof OperationAbortedError>

/**
 * An SDK operation ran past its time limit (`timeoutMs` option).
 *
 * @example
 * new OperationTimeoutError('execute', 120000).message // 'execute timed out after 120000 ms'
 */
export const OperationTimeoutError = /* @__PURE__ */ defineError(
  'OPERATION_TIMEOUT',
  (operation: string, ms: number, o?: ErrorOptions) => ({
    message: `${operation} timed out after ${ms} ms`,
    data: { operation, ms },
    cause: o?.cause,
  }),
  (d) => [String(d.operation ?? ''), Number(d.ms ?? 0)],
)
export type OperationTimeoutError = InstanceType<typeof OperationTimeoutError>

/**
 * An account operation a session key cannot perform (declare, deploying an arbitrary account, signing
 * the owner's typed data, a non-V3 transaction...): only the owner's wallet can. `data.operation` names it.
 *
 * @example
 * new NotSupportedBySessionError('declare').message // 'declare is not supported by a session account'
 */
export const NotSupportedBySessionError = /* @__PURE__ */ defineError(
  'NOT_SUPPORTED_BY_SESSION',
  (operation: string, o?: ErrorOptions) => ({
    message: `${operation} is not supported by a session account`,
    data: { operation },
    cause: o?.cause,
  }),
  (d) => [String(d.operation ?? '')],
)
export type NotSupportedBySessionError = InstanceType<typeof NotSupportedBySessionError>

/**
 * The session's expiry has passed on the chain's clock (the latest block's time, not the device's): found
 * before anything is sent, or reported by the node (`session/expired`) or the cosigner (`sessionExpired`).
 * `data.expiresAt` and `data.chainTime` are in seconds (chainTime 0 when the chain reported it).
 *
 * @example
 * await account.execute(calls).catch((e) => e.code === 'SESSION_EXPIRED' && wallet.requestConnection())
 */
export const SessionExpiredError = /* @__PURE__ */ defineError(
  'SESSION_EXPIRED',
  (expiresAt: number, chainTime: number, o?: ErrorOptions) => ({
    message: 'The session has expired',
    data: { expiresAt, chainTime },
    cause: o?.cause,
  }),
  (d) => [Number(d.expiresAt ?? 0), Number(d.chainTime ?? 0)],
)
export type SessionExpiredError = InstanceType<typeof SessionExpiredError>

export const SessionRevokedError = /* @__PURE__ */ defineFixedError(
  'SESSION_REVOKED',
  'Session cleared (clearSession)',
)
export type SessionRevokedError = InstanceType<typeof SessionRevokedError>

/**
 * A stored session could not be used and was removed (a key stored in the clear that is not the session's, a
 * sealed key this device cannot open): `connect()` answers undefined and the user signs once again.
 *
 * @example
 * new StoredSessionDiscardedError().code // 'STORED_SESSION_DISCARDED'
 */
export const StoredSessionDiscardedError = /* @__PURE__ */ defineFixedError(
  'STORED_SESSION_DISCARDED',
  'Stored session removed: sign a new one',
)
export type StoredSessionDiscardedError = InstanceType<typeof StoredSessionDiscardedError>

/**
 * This WebWallet was released by its `dispose()`: its calls answer this. The stored session stays; a new
 * `WebWallet.init` restores it.
 *
 * @example
 * await oldWallet.connect().catch((e) => e.code === 'WALLET_DISPOSED') // true
 */
export const WalletDisposedError = /* @__PURE__ */ defineFixedError(
  'WALLET_DISPOSED',
  'This WebWallet was disposed: use the newer instance',
)
export type WalletDisposedError = InstanceType<typeof WalletDisposedError>
