import { defineError, defineFixedError, type ErrorOptions } from './base'
import { WALLET_API_CODES } from './codes'

// Session SDK errors (SPEC.md sections 5 and 8, SDK). Texts are exact.

/**
 * The cosigner refused to co-sign; `data.status` is the status from its answer. Triggers the gasless retry.
 *
 * @example
 * new SignSessionError(403).data.status // 403
 */
export const SignSessionError = defineError(
  'SIGN_SESSION_ERROR',
  (status?: number | string, o?: ErrorOptions) => ({
    message: 'Sign session error',
    data: { status },
    cause: o?.cause,
  }),
  (d) => [typeof d.status === 'number' || typeof d.status === 'string' ? d.status : undefined],
)
export type SignSessionError = InstanceType<typeof SignSessionError>

export const UnknownChainIdError = defineFixedError('UNKNOWN_CHAIN_ID', 'Unknown chain id')
export type UnknownChainIdError = InstanceType<typeof UnknownChainIdError>

/**
 * No account class of the given provider at the address.
 *
 * @example
 * new NoAccountContractError('Argent').message // 'No Argent account contract found'
 */
export const NoAccountContractError = defineError(
  'NO_ACCOUNT_CONTRACT',
  (provider: string, o?: ErrorOptions) => ({
    message: `No ${provider} account contract found`,
    data: { provider },
    cause: o?.cause,
  }),
  (d) => [String(d.provider ?? '')],
)
export type NoAccountContractError = InstanceType<typeof NoAccountContractError>

export const InvalidAddressFormatError = defineFixedError('INVALID_ADDRESS_FORMAT', 'Invalid Address Format')
export type InvalidAddressFormatError = InstanceType<typeof InvalidAddressFormatError>
export const OutsideExecutionOnlyError = defineFixedError(
  'OUTSIDE_EXECUTION_ONLY',
  'signMessage only for outside execution',
)
export type OutsideExecutionOnlyError = InstanceType<typeof OutsideExecutionOnlyError>
export const NoAccountAddressError = defineFixedError('NO_ACCOUNT_ADDRESS', 'No account address found')
export type NoAccountAddressError = InstanceType<typeof NoAccountAddressError>
export const NoSignatureError = defineFixedError('NO_SIGNATURE', 'No signature found')
export type NoSignatureError = InstanceType<typeof NoSignatureError>
export const UnalignedProofsError = defineFixedError('UNALIGNED_PROOFS', 'unaligned proofs')
export type UnalignedProofsError = InstanceType<typeof UnalignedProofsError>
export const MismatchedContractAddressError = defineFixedError(
  'MISMATCHED_CONTRACT_ADDRESS',
  'mismatched contract address',
)
export type MismatchedContractAddressError = InstanceType<typeof MismatchedContractAddressError>
export const MismatchedSelectorError = defineFixedError('MISMATCHED_SELECTOR', 'mismatched selector')
export type MismatchedSelectorError = InstanceType<typeof MismatchedSelectorError>
export const DeployedAddressMismatchError = defineFixedError(
  'DEPLOYED_ADDRESS_MISMATCH',
  'The deployed address does not match the expected address',
)
export type DeployedAddressMismatchError = InstanceType<typeof DeployedAddressMismatchError>
export const AccountAlreadyDeployedError = defineFixedError(
  'ACCOUNT_ALREADY_DEPLOYED',
  'Account is already deployed',
  WALLET_API_CODES.ACCOUNT_ALREADY_DEPLOYED,
)
export type AccountAlreadyDeployedError = InstanceType<typeof AccountAlreadyDeployedError>
export const SignatureVerificationError = defineFixedError(
  'SIGNATURE_VERIFICATION',
  'Signature verification Error',
)
export type SignatureVerificationError = InstanceType<typeof SignatureVerificationError>
export const TypedDataMismatchError = defineFixedError(
  'TYPED_DATA_MISMATCH',
  'Typed data does not match JSON schema',
)
export type TypedDataMismatchError = InstanceType<typeof TypedDataMismatchError>
export const InvalidApprovalRequestError = defineFixedError(
  'INVALID_APPROVAL_REQUEST',
  'Invalid approval request',
  WALLET_API_CODES.INVALID_REQUEST_PAYLOAD,
)
export type InvalidApprovalRequestError = InstanceType<typeof InvalidApprovalRequestError>

// The SDK's address texts (the connector's are schema messages only).
export const AddressTooShortError = defineFixedError(
  'ADDRESS_TOO_SHORT',
  'Address must be at least 50 characters long',
)
export type AddressTooShortError = InstanceType<typeof AddressTooShortError>
export const AddressTooLongError = defineFixedError(
  'ADDRESS_TOO_LONG',
  'Address must be at most 66 characters long',
)
export type AddressTooLongError = InstanceType<typeof AddressTooLongError>
export const AddressLengthError = defineFixedError('ADDRESS_LENGTH', 'Address must be 66 characters long')
export type AddressLengthError = InstanceType<typeof AddressLengthError>
export const HexExpectedError = defineFixedError('HEX_EXPECTED', 'Hex must be a hex string starting with 0x')
export type HexExpectedError = InstanceType<typeof HexExpectedError>
export const ChecksumAddressError = defineFixedError(
  'CHECKSUM_ADDRESS',
  'Address is not a valid checksum address',
)
export type ChecksumAddressError = InstanceType<typeof ChecksumAddressError>
