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
/** An instance of {@link SignSessionError}. */
export type SignSessionError = InstanceType<typeof SignSessionError>

/** The `UNKNOWN_CHAIN_ID` error: 'Unknown chain id' (what to do: docs/errors.md). @example isWebWalletError(error, 'UNKNOWN_CHAIN_ID') */
export const UnknownChainIdError = /* @__PURE__ */ defineFixedError('UNKNOWN_CHAIN_ID', 'Unknown chain id')
/** An instance of {@link UnknownChainIdError}. */
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
/** An instance of {@link NoAccountContractError}. */
export type NoAccountContractError = InstanceType<typeof NoAccountContractError>

/** The `INVALID_ADDRESS_FORMAT` error: 'Invalid Address Format' (what to do: docs/errors.md). @example isWebWalletError(error, 'INVALID_ADDRESS_FORMAT') */
export const InvalidAddressFormatError = /* @__PURE__ */ defineFixedError(
  'INVALID_ADDRESS_FORMAT',
  'Invalid Address Format',
)
/** An instance of {@link InvalidAddressFormatError}. */
export type InvalidAddressFormatError = InstanceType<typeof InvalidAddressFormatError>
/** The `OUTSIDE_EXECUTION_ONLY` error: 'signMessage only for outside execution' (what to do: docs/errors.md). @example isWebWalletError(error, 'OUTSIDE_EXECUTION_ONLY') */
export const OutsideExecutionOnlyError = /* @__PURE__ */ defineFixedError(
  'OUTSIDE_EXECUTION_ONLY',
  'signMessage only for outside execution',
)
/** An instance of {@link OutsideExecutionOnlyError}. */
export type OutsideExecutionOnlyError = InstanceType<typeof OutsideExecutionOnlyError>
/** The `NO_ACCOUNT_ADDRESS` error: 'No account address found' (what to do: docs/errors.md). @example isWebWalletError(error, 'NO_ACCOUNT_ADDRESS') */
export const NoAccountAddressError = /* @__PURE__ */ defineFixedError(
  'NO_ACCOUNT_ADDRESS',
  'No account address found',
)
/** An instance of {@link NoAccountAddressError}. */
export type NoAccountAddressError = InstanceType<typeof NoAccountAddressError>
/** The `NO_SIGNATURE` error: 'No signature found' (what to do: docs/errors.md). @example isWebWalletError(error, 'NO_SIGNATURE') */
export const NoSignatureError = /* @__PURE__ */ defineFixedError('NO_SIGNATURE', 'No signature found')
/** An instance of {@link NoSignatureError}. */
export type NoSignatureError = InstanceType<typeof NoSignatureError>
/** The `UNALIGNED_PROOFS` error: 'unaligned proofs' (what to do: docs/errors.md). @example isWebWalletError(error, 'UNALIGNED_PROOFS') */
export const UnalignedProofsError = /* @__PURE__ */ defineFixedError('UNALIGNED_PROOFS', 'unaligned proofs')
/** An instance of {@link UnalignedProofsError}. */
export type UnalignedProofsError = InstanceType<typeof UnalignedProofsError>
/** The `MISMATCHED_CONTRACT_ADDRESS` error: 'mismatched contract address' (what to do: docs/errors.md). @example isWebWalletError(error, 'MISMATCHED_CONTRACT_ADDRESS') */
export const MismatchedContractAddressError = /* @__PURE__ */ defineFixedError(
  'MISMATCHED_CONTRACT_ADDRESS',
  'mismatched contract address',
)
/** An instance of {@link MismatchedContractAddressError}. */
export type MismatchedContractAddressError = InstanceType<typeof MismatchedContractAddressError>
/** The `MISMATCHED_SELECTOR` error: 'mismatched selector' (what to do: docs/errors.md). @example isWebWalletError(error, 'MISMATCHED_SELECTOR') */
export const MismatchedSelectorError = /* @__PURE__ */ defineFixedError(
  'MISMATCHED_SELECTOR',
  'mismatched selector',
)
/** An instance of {@link MismatchedSelectorError}. */
export type MismatchedSelectorError = InstanceType<typeof MismatchedSelectorError>
/** The `DEPLOYED_ADDRESS_MISMATCH` error: 'The deployed address does not match the expected address' (what to do: docs/errors.md). @example isWebWalletError(error, 'DEPLOYED_ADDRESS_MISMATCH') */
export const DeployedAddressMismatchError = /* @__PURE__ */ defineFixedError(
  'DEPLOYED_ADDRESS_MISMATCH',
  'The deployed address does not match the expected address',
)
/** An instance of {@link DeployedAddressMismatchError}. */
export type DeployedAddressMismatchError = InstanceType<typeof DeployedAddressMismatchError>
/** The `ACCOUNT_ALREADY_DEPLOYED` error: 'Account is already deployed' (what to do: docs/errors.md). @example isWebWalletError(error, 'ACCOUNT_ALREADY_DEPLOYED') */
export const AccountAlreadyDeployedError = /* @__PURE__ */ defineFixedError(
  'ACCOUNT_ALREADY_DEPLOYED',
  'Account is already deployed',
  WALLET_API_CODES.ACCOUNT_ALREADY_DEPLOYED,
)
/** An instance of {@link AccountAlreadyDeployedError}. */
export type AccountAlreadyDeployedError = InstanceType<typeof AccountAlreadyDeployedError>
/** The `SIGNATURE_VERIFICATION` error: 'Signature verification Error' (what to do: docs/errors.md). @example isWebWalletError(error, 'SIGNATURE_VERIFICATION') */
export const SignatureVerificationError = /* @__PURE__ */ defineFixedError(
  'SIGNATURE_VERIFICATION',
  'Signature verification Error',
)
/** An instance of {@link SignatureVerificationError}. */
export type SignatureVerificationError = InstanceType<typeof SignatureVerificationError>
/** The `TYPED_DATA_MISMATCH` error: 'Typed data does not match JSON schema' (what to do: docs/errors.md). @example isWebWalletError(error, 'TYPED_DATA_MISMATCH') */
export const TypedDataMismatchError = /* @__PURE__ */ defineFixedError(
  'TYPED_DATA_MISMATCH',
  'Typed data does not match JSON schema',
)
/** An instance of {@link TypedDataMismatchError}. */
export type TypedDataMismatchError = InstanceType<typeof TypedDataMismatchError>
/** The `INVALID_APPROVAL_REQUEST` error: 'Invalid approval request' (what to do: docs/errors.md). @example isWebWalletError(error, 'INVALID_APPROVAL_REQUEST') */
export const InvalidApprovalRequestError = /* @__PURE__ */ defineFixedError(
  'INVALID_APPROVAL_REQUEST',
  'Invalid approval request',
  WALLET_API_CODES.INVALID_REQUEST_PAYLOAD,
)
/** An instance of {@link InvalidApprovalRequestError}. */
export type InvalidApprovalRequestError = InstanceType<typeof InvalidApprovalRequestError>

// The SDK's address texts (the connector's are schema messages only).
/** The `ADDRESS_TOO_SHORT` error: 'Address must be at least 50 characters long' (what to do: docs/errors.md). @example isWebWalletError(error, 'ADDRESS_TOO_SHORT') */
export const AddressTooShortError = /* @__PURE__ */ defineFixedError(
  'ADDRESS_TOO_SHORT',
  'Address must be at least 50 characters long',
)
/** An instance of {@link AddressTooShortError}. */
export type AddressTooShortError = InstanceType<typeof AddressTooShortError>
/** The `ADDRESS_TOO_LONG` error: 'Address must be at most 66 characters long' (what to do: docs/errors.md). @example isWebWalletError(error, 'ADDRESS_TOO_LONG') */
export const AddressTooLongError = /* @__PURE__ */ defineFixedError(
  'ADDRESS_TOO_LONG',
  'Address must be at most 66 characters long',
)
/** An instance of {@link AddressTooLongError}. */
export type AddressTooLongError = InstanceType<typeof AddressTooLongError>
/** The `ADDRESS_LENGTH` error: 'Address must be 66 characters long' (what to do: docs/errors.md). @example isWebWalletError(error, 'ADDRESS_LENGTH') */
export const AddressLengthError = /* @__PURE__ */ defineFixedError(
  'ADDRESS_LENGTH',
  'Address must be 66 characters long',
)
/** An instance of {@link AddressLengthError}. */
export type AddressLengthError = InstanceType<typeof AddressLengthError>
/** The `HEX_EXPECTED` error: 'Hex must be a hex string starting with 0x' (what to do: docs/errors.md). @example isWebWalletError(error, 'HEX_EXPECTED') */
export const HexExpectedError = /* @__PURE__ */ defineFixedError(
  'HEX_EXPECTED',
  'Hex must be a hex string starting with 0x',
)
/** An instance of {@link HexExpectedError}. */
export type HexExpectedError = InstanceType<typeof HexExpectedError>
/** The `CHECKSUM_ADDRESS` error: 'Address is not a valid checksum address' (what to do: docs/errors.md). @example isWebWalletError(error, 'CHECKSUM_ADDRESS') */
export const ChecksumAddressError = /* @__PURE__ */ defineFixedError(
  'CHECKSUM_ADDRESS',
  'Address is not a valid checksum address',
)
/** An instance of {@link ChecksumAddressError}. */
export type ChecksumAddressError = InstanceType<typeof ChecksumAddressError>

// Session SDK errors without a text in the original protocol: every failure the SDK throws carries a code.

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
/** An instance of {@link InvalidOptionsError}. */
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
/** An instance of {@link CallNotAllowedError}. */
export type CallNotAllowedError = InstanceType<typeof CallNotAllowedError>

/** The `NO_DEPLOYER` error: 'No deployer configured' (what to do: docs/errors.md). @example isWebWalletError(error, 'NO_DEPLOYER') */
export const NoDeployerError = /* @__PURE__ */ defineFixedError('NO_DEPLOYER', 'No deployer configured')
/** An instance of {@link NoDeployerError}. */
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
/** An instance of {@link UnexpectedAnswerError}. */
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
/** An instance of {@link GasFeeError}. */
export type GasFeeError = InstanceType<typeof GasFeeError>

/** The `PAYMASTER_INCOMPATIBLE` error: 'The account is not compatible with the paymaster' (what to do: docs/errors.md). @example isWebWalletError(error, 'PAYMASTER_INCOMPATIBLE') */
export const PaymasterIncompatibleError = /* @__PURE__ */ defineFixedError(
  'PAYMASTER_INCOMPATIBLE',
  'The account is not compatible with the paymaster',
)
/** An instance of {@link PaymasterIncompatibleError}. */
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

/** The `SESSION_KEY_EXPORT_DISABLED` error: 'Exporting the session private key is disabled (init option allowSessionKeyExport)' (what to do: docs/errors.md). @example isWebWalletError(error, 'SESSION_KEY_EXPORT_DISABLED') */
export const SessionKeyExportDisabledError = /* @__PURE__ */ defineFixedError(
  'SESSION_KEY_EXPORT_DISABLED',
  'Exporting the session private key is disabled (init option allowSessionKeyExport)',
)
/** An instance of {@link SessionKeyExportDisabledError}. */
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
/** An instance of {@link UnsupportedRpcVersionError}. */
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
/** An instance of {@link OperationAbortedError}. */
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
/** An instance of {@link OperationTimeoutError}. */
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
/** An instance of {@link NotSupportedBySessionError}. */
export type NotSupportedBySessionError = InstanceType<typeof NotSupportedBySessionError>

/**
 * The session's expiry has passed on the chain's clock (latest block time), found before sending or reported by
 * the node or cosigner. `data.expiresAt` and `data.chainTime` are seconds (chainTime 0 when the chain reported it).
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
/** An instance of {@link SessionExpiredError}. */
export type SessionExpiredError = InstanceType<typeof SessionExpiredError>

/**
 * `revokeSession()` failed: the cosigner refused (`data.status`: its refusal word or HTTP status) or the code could
 * not load (`data.status` undefined; see `cause`); no answer at all is SERVICE_UNREACHABLE. The session stays
 * stored and usable: try again, or `clearSession()` to forget it on this device only.
 *
 * @example
 * new SessionRevocationFailedError('https://cosigner.example/cosigner/revokeSession').data.status // undefined
 */
export const SessionRevocationFailedError = /* @__PURE__ */ defineError(
  'SESSION_REVOCATION_FAILED',
  (url: string, status?: SignSessionStatus, o?: ErrorOptions) => ({
    message: 'Session revocation failed',
    data: { url, status },
    cause: o?.cause,
  }),
  (d) => [
    String(d.url ?? ''),
    typeof d.status === 'number' || typeof d.status === 'string' ? d.status : undefined,
  ],
)
/** An instance of {@link SessionRevocationFailedError}. */
export type SessionRevocationFailedError = InstanceType<typeof SessionRevocationFailedError>

/** Who ended a session: this app (`clearSession()`, another tab) or a revocation (`revokeSession()`, the wallet). */
export type SessionEndReason = 'cleared' | 'revoked'

/**
 * The session was ended: cleared on this device (`data.reason` 'cleared'), or revoked at the cosigner or on
 * the account ('revoked': the app's `revokeSession()`, or the user on the wallet's Connected apps page).
 *
 * @example
 * new SessionRevokedError('revoked').message // 'Session revoked'
 */
export const SessionRevokedError = /* @__PURE__ */ defineError(
  'SESSION_REVOKED',
  (reason: SessionEndReason = 'cleared', o?: ErrorOptions) => ({
    message: reason === 'revoked' ? 'Session revoked' : 'Session cleared (clearSession)',
    data: { reason },
    cause: o?.cause,
  }),
  (d) => [d.reason === 'revoked' ? 'revoked' : 'cleared'],
)
/** An instance of {@link SessionRevokedError}. */
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
/** An instance of {@link StoredSessionDiscardedError}. */
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
