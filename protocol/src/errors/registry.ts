import type { WebWalletError } from './base'
import { CalldataConversionError, InvalidArgumentCountError } from './calldata'
import { NodeError, TransactionRejectedError, WaitForTransactionTimeoutError } from './chain'
import {
  ConnectAndSignSessionError,
  ConnectionFailedError,
  ConnectorNotConnectedError,
  ConnectorNotFoundError,
  IframeTimeoutError,
  NotImplementedError,
  PopupBlockedError,
  PortDisconnectedError,
  TransformResponseError,
  UnknownError,
  UnknownEventError,
  UserLoggedOutError,
  UserRejectedError,
  WalletNotAvailableError,
  WalletNotInitialisedError,
  WebSocketClosedError,
} from './connector'
import {
  AccountAlreadyDeployedError,
  AddressLengthError,
  AddressTooLongError,
  AddressTooShortError,
  ChecksumAddressError,
  DeployedAddressMismatchError,
  HexExpectedError,
  InvalidAddressFormatError,
  InvalidApprovalRequestError,
  MismatchedContractAddressError,
  MismatchedSelectorError,
  NoAccountAddressError,
  NoAccountContractError,
  NoSignatureError,
  OutsideExecutionOnlyError,
  SignatureVerificationError,
  SignSessionError,
  TypedDataMismatchError,
  UnalignedProofsError,
  UnknownChainIdError,
} from './sdk'
import {
  AggregateCallError,
  BalanceFetchError,
  BalanceParseError,
  DeleteUrlError,
  FetchUrlError,
  GaslessUnsupportedChainError,
  HttpError,
  InvalidServerSignatureError,
  NameServiceNotDeployedError,
  NoServerSignatureError,
  NotEnoughGasTokenError,
  NotInitialisedError,
  PaymasterContractError,
  PaymasterHttpError,
  PaymasterRequestError,
  PostUrlError,
  PutUrlError,
  StarknameAddressLookupError,
  StarknameLookupError,
  StarknameNotFoundError,
  StarkProfileError,
} from './services'
import { InvalidStorageKeyError, InvalidStorageValueError, ValidationError } from './validation'

/** A coded error class as the registry sees it: its code and how to rebuild it from wire data. */
export interface ErrorClass {
  readonly code: string
  fromData(data: unknown, message: string): WebWalletError
}

/** Every coded error class; a new class must be listed here (a test checks the exports against it). */
const ALL = [
  UserRejectedError,
  ConnectorNotConnectedError,
  ConnectorNotFoundError,
  ConnectionFailedError,
  WalletNotInitialisedError,
  WalletNotAvailableError,
  UserLoggedOutError,
  NotImplementedError,
  IframeTimeoutError,
  PopupBlockedError,
  PortDisconnectedError,
  WebSocketClosedError,
  TransformResponseError,
  UnknownError,
  UnknownEventError,
  ConnectAndSignSessionError,
  SignSessionError,
  UnknownChainIdError,
  NoAccountContractError,
  InvalidAddressFormatError,
  OutsideExecutionOnlyError,
  NoAccountAddressError,
  NoSignatureError,
  UnalignedProofsError,
  MismatchedContractAddressError,
  MismatchedSelectorError,
  DeployedAddressMismatchError,
  AccountAlreadyDeployedError,
  SignatureVerificationError,
  TypedDataMismatchError,
  InvalidApprovalRequestError,
  AddressTooShortError,
  AddressTooLongError,
  AddressLengthError,
  HexExpectedError,
  ChecksumAddressError,
  NoServerSignatureError,
  InvalidServerSignatureError,
  GaslessUnsupportedChainError,
  NotEnoughGasTokenError,
  PaymasterRequestError,
  PaymasterContractError,
  PaymasterHttpError,
  FetchUrlError,
  PostUrlError,
  PutUrlError,
  DeleteUrlError,
  HttpError,
  BalanceFetchError,
  BalanceParseError,
  NotInitialisedError,
  StarknameNotFoundError,
  StarknameLookupError,
  StarknameAddressLookupError,
  StarkProfileError,
  AggregateCallError,
  NameServiceNotDeployedError,
  WaitForTransactionTimeoutError,
  TransactionRejectedError,
  NodeError,
  InvalidStorageKeyError,
  InvalidStorageValueError,
  CalldataConversionError,
  InvalidArgumentCountError,
  ValidationError,
]

/**
 * code → class, for every coded error of the table.
 *
 * @example
 * ERROR_CLASSES.get('POPUP_BLOCKED')?.fromData(undefined, '').message // 'Could not open popup'
 */
export const ERROR_CLASSES: ReadonlyMap<string, ErrorClass> = new Map(ALL.map((cls) => [cls.code, cls]))

/** Every error code of the table, as a union of string literals. */
export type ErrorCode = (typeof ALL)[number]['code']
