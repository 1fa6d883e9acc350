import { fixedError, numberField, stringField, WALLET_API_CODES, WebWalletError } from './base'

// Session SDK errors (SPEC.md sections 5 and 8, SDK). Texts are exact.

type Opts = { cause?: unknown }

/**
 * The cosigner refused to co-sign; `data.status` is the status from its answer. Triggers the gasless retry.
 *
 * @example
 * new SignSessionError(403).data.status // 403
 */
export class SignSessionError extends WebWalletError<
  'SIGN_SESSION_ERROR',
  { status: number | string | undefined }
> {
  static readonly code = 'SIGN_SESSION_ERROR'
  override name = 'SignSessionError'
  constructor(status?: number | string, options: Opts = {}) {
    super('Sign session error', { code: 'SIGN_SESSION_ERROR', data: { status }, cause: options.cause })
  }
  static override fromData(data: unknown): WebWalletError {
    return new SignSessionError(numberField(data, 'status') ?? stringField(data, 'status'))
  }
}

export class UnknownChainIdError extends fixedError(
  'UNKNOWN_CHAIN_ID',
  'UnknownChainIdError',
  'Unknown chain id',
) {}

/**
 * No account class of the given provider at the address.
 *
 * @example
 * new NoAccountContractError('Argent').message // 'No Argent account contract found'
 */
export class NoAccountContractError extends WebWalletError<'NO_ACCOUNT_CONTRACT', { provider: string }> {
  static readonly code = 'NO_ACCOUNT_CONTRACT'
  override name = 'NoAccountContractError'
  constructor(provider: string, options: Opts = {}) {
    super(`No ${provider} account contract found`, {
      code: 'NO_ACCOUNT_CONTRACT',
      data: { provider },
      cause: options.cause,
    })
  }
  static override fromData(data: unknown): WebWalletError {
    return new NoAccountContractError(stringField(data, 'provider') ?? '')
  }
}

export class InvalidAddressFormatError extends fixedError(
  'INVALID_ADDRESS_FORMAT',
  'InvalidAddressFormatError',
  'Invalid Address Format',
) {}
export class OutsideExecutionOnlyError extends fixedError(
  'OUTSIDE_EXECUTION_ONLY',
  'OutsideExecutionOnlyError',
  'signMessage only for outside execution',
) {}
export class NoAccountAddressError extends fixedError(
  'NO_ACCOUNT_ADDRESS',
  'NoAccountAddressError',
  'No account address found',
) {}
export class NoSignatureError extends fixedError('NO_SIGNATURE', 'NoSignatureError', 'No signature found') {}
export class UnalignedProofsError extends fixedError(
  'UNALIGNED_PROOFS',
  'UnalignedProofsError',
  'unaligned proofs',
) {}
export class MismatchedContractAddressError extends fixedError(
  'MISMATCHED_CONTRACT_ADDRESS',
  'MismatchedContractAddressError',
  'mismatched contract address',
) {}
export class MismatchedSelectorError extends fixedError(
  'MISMATCHED_SELECTOR',
  'MismatchedSelectorError',
  'mismatched selector',
) {}
export class DeployedAddressMismatchError extends fixedError(
  'DEPLOYED_ADDRESS_MISMATCH',
  'DeployedAddressMismatchError',
  'The deployed address does not match the expected address',
) {}
export class AccountAlreadyDeployedError extends fixedError(
  'ACCOUNT_ALREADY_DEPLOYED',
  'AccountAlreadyDeployedError',
  'Account is already deployed',
  WALLET_API_CODES.ACCOUNT_ALREADY_DEPLOYED,
) {}
export class SignatureVerificationError extends fixedError(
  'SIGNATURE_VERIFICATION',
  'SignatureVerificationError',
  'Signature verification Error',
) {}
export class TypedDataMismatchError extends fixedError(
  'TYPED_DATA_MISMATCH',
  'TypedDataMismatchError',
  'Typed data does not match JSON schema',
) {}
export class InvalidApprovalRequestError extends fixedError(
  'INVALID_APPROVAL_REQUEST',
  'InvalidApprovalRequestError',
  'Invalid approval request',
  WALLET_API_CODES.INVALID_REQUEST_PAYLOAD,
) {}

// The SDK's address texts (the connector's are schema messages only).
export class AddressTooShortError extends fixedError(
  'ADDRESS_TOO_SHORT',
  'AddressTooShortError',
  'Address must be at least 50 characters long',
) {}
export class AddressTooLongError extends fixedError(
  'ADDRESS_TOO_LONG',
  'AddressTooLongError',
  'Address must be at most 66 characters long',
) {}
export class AddressLengthError extends fixedError(
  'ADDRESS_LENGTH',
  'AddressLengthError',
  'Address must be 66 characters long',
) {}
export class HexExpectedError extends fixedError(
  'HEX_EXPECTED',
  'HexExpectedError',
  'Hex must be a hex string starting with 0x',
) {}
export class ChecksumAddressError extends fixedError(
  'CHECKSUM_ADDRESS',
  'ChecksumAddressError',
  'Address is not a valid checksum address',
) {}
