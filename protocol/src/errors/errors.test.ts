import { describe, expect, it } from 'vitest'
import {
  AccountAlreadyDeployedError,
  AddressLengthError,
  AddressTooLongError,
  AddressTooShortError,
  AggregateCallError,
  BalanceFetchError,
  BalanceParseError,
  CalldataConversionError,
  ChecksumAddressError,
  ConnectAndSignSessionError,
  ConnectionFailedError,
  ConnectorNotConnectedError,
  ConnectorNotFoundError,
  DeleteUrlError,
  DeployedAddressMismatchError,
  ERROR_CLASSES,
  FetchUrlError,
  GaslessUnsupportedChainError,
  HexExpectedError,
  HttpError,
  IframeTimeoutError,
  InvalidAddressFormatError,
  InvalidApprovalRequestError,
  InvalidArgumentCountError,
  InvalidServerSignatureError,
  InvalidStorageKeyError,
  InvalidStorageValueError,
  isWebWalletError,
  MismatchedContractAddressError,
  MismatchedSelectorError,
  NameServiceNotDeployedError,
  NoAccountAddressError,
  NoAccountContractError,
  NodeError,
  NoServerSignatureError,
  NoSignatureError,
  NotEnoughGasTokenError,
  NotImplementedError,
  NotInitialisedError,
  OutsideExecutionOnlyError,
  PaymasterContractError,
  PaymasterHttpError,
  PaymasterRequestError,
  PopupBlockedError,
  PortDisconnectedError,
  PostUrlError,
  PutUrlError,
  parseError,
  ServiceUnreachableError,
  SignatureVerificationError,
  SignSessionError,
  StarknameAddressLookupError,
  StarknameLookupError,
  StarknameNotFoundError,
  StarkProfileError,
  serializeError,
  TransactionRejectedError,
  TransformResponseError,
  TypedDataMismatchError,
  UnalignedProofsError,
  UnknownChainIdError,
  UnknownError,
  UnknownEventError,
  UserLoggedOutError,
  UserRejectedError,
  ValidationError,
  WaitForTransactionTimeoutError,
  WalletDisposedError,
  WalletNotAvailableError,
  WalletNotInitialisedError,
  WebSocketClosedError,
  WebWalletError,
} from './index'
import { PROBE_TABLE } from './testing/probeTable'
import { SDK_SESSION_TABLE } from './testing/sdkTable'

// [instance, code, exact message, walletApiCode]
const TABLE: [WebWalletError, string, string, number?][] = [
  [new UserRejectedError(), 'USER_REJECTED', 'User rejected request', 113],
  [new ConnectorNotConnectedError(), 'CONNECTOR_NOT_CONNECTED', 'Connector not connected'],
  [new ConnectorNotFoundError(), 'CONNECTOR_NOT_FOUND', 'Connector not found'],
  [new ConnectionFailedError(), 'CONNECTION_FAILED', 'connection failed'],
  [new WalletNotInitialisedError(), 'WALLET_NOT_INITIALISED', 'Wallet not initialised'],
  [new WalletNotAvailableError(), 'WALLET_NOT_AVAILABLE', 'Wallet not available'],
  [new UserLoggedOutError(), 'USER_LOGGED_OUT', 'User logged out'],
  [new NotImplementedError(), 'NOT_IMPLEMENTED', 'not implemented'],
  [new IframeTimeoutError(), 'IFRAME_TIMEOUT', 'Timeout while loading an iframe'],
  [new PopupBlockedError(), 'POPUP_BLOCKED', 'Could not open popup'],
  [new PortDisconnectedError(), 'PORT_DISCONNECTED', 'Port disconnected prematurely'],
  [new WebSocketClosedError(), 'WEBSOCKET_CLOSED', 'WebSocket closed prematurely'],
  [new TransformResponseError(), 'TRANSFORM_RESPONSE', 'Unable to transform response from server'],
  [new UnknownError(), 'UNKNOWN', 'Unknown error', 163],
  [new UnknownEventError('foo'), 'UNKNOWN_EVENT', 'Unknwown event: foo'],
  [new ConnectAndSignSessionError('No funds', 'NOT_ENOUGH_BALANCE'), 'CONNECT_AND_SIGN_SESSION', 'No funds'],
  [new SignSessionError(403), 'SIGN_SESSION_ERROR', 'Sign session error'],
  [new UnknownChainIdError(), 'UNKNOWN_CHAIN_ID', 'Unknown chain id'],
  [new NoAccountContractError('Argent'), 'NO_ACCOUNT_CONTRACT', 'No Argent account contract found'],
  [new InvalidAddressFormatError(), 'INVALID_ADDRESS_FORMAT', 'Invalid Address Format'],
  [new OutsideExecutionOnlyError(), 'OUTSIDE_EXECUTION_ONLY', 'signMessage only for outside execution'],
  [new NoAccountAddressError(), 'NO_ACCOUNT_ADDRESS', 'No account address found'],
  [new NoSignatureError(), 'NO_SIGNATURE', 'No signature found'],
  [new UnalignedProofsError(), 'UNALIGNED_PROOFS', 'unaligned proofs'],
  [new MismatchedContractAddressError(), 'MISMATCHED_CONTRACT_ADDRESS', 'mismatched contract address'],
  [new MismatchedSelectorError(), 'MISMATCHED_SELECTOR', 'mismatched selector'],
  [
    new DeployedAddressMismatchError(),
    'DEPLOYED_ADDRESS_MISMATCH',
    'The deployed address does not match the expected address',
  ],
  [new AccountAlreadyDeployedError(), 'ACCOUNT_ALREADY_DEPLOYED', 'Account is already deployed', 115],
  [new SignatureVerificationError(), 'SIGNATURE_VERIFICATION', 'Signature verification Error'],
  [new TypedDataMismatchError(), 'TYPED_DATA_MISMATCH', 'Typed data does not match JSON schema'],
  [new InvalidApprovalRequestError(), 'INVALID_APPROVAL_REQUEST', 'Invalid approval request', 114],
  [new AddressTooShortError(), 'ADDRESS_TOO_SHORT', 'Address must be at least 50 characters long'],
  [new AddressTooLongError(), 'ADDRESS_TOO_LONG', 'Address must be at most 66 characters long'],
  [new AddressLengthError(), 'ADDRESS_LENGTH', 'Address must be 66 characters long'],
  [new HexExpectedError(), 'HEX_EXPECTED', 'Hex must be a hex string starting with 0x'],
  [new ChecksumAddressError(), 'CHECKSUM_ADDRESS', 'Address is not a valid checksum address'],
  [
    new InvalidStorageKeyError('a b'),
    'INVALID_STORAGE_KEY',
    'Invalid key "a b" must be 1-128 characters long and contain only A-Z, a-z, 0-9, _ and -.',
  ],
  [
    new InvalidStorageValueError(5000),
    'INVALID_STORAGE_VALUE',
    'Invalid value (5000 characters) must be 0-4096 characters long.',
  ],
  [new CalldataConversionError('zz', 2), 'CALLDATA_CONVERSION', 'Failed to convert value "zz" at index 2'],
  [
    new InvalidArgumentCountError(2, 3),
    'INVALID_ARGUMENT_COUNT',
    'Invalid number of arguments, expected 2 arguments, but got 3',
  ],
  [new ValidationError([{ path: ['a'], message: 'Invalid address' }]), 'VALIDATION', 'Invalid address', 114],
  [new NoServerSignatureError(), 'NO_SERVER_SIGNATURE', 'No server signature'],
  [new InvalidServerSignatureError(), 'INVALID_SERVER_SIGNATURE', 'Invalid server signature'],
  [new GaslessUnsupportedChainError(), 'GASLESS_UNSUPPORTED_CHAIN', 'Unsupported chain id for gasless'],
  [
    new NotEnoughGasTokenError(),
    'NOT_ENOUGH_GAS_TOKEN',
    'Not enough balance in any gas token - please fund your wallet with a valid gas token',
  ],
  [new PaymasterRequestError('Invalid calls', 400), 'PAYMASTER_REQUEST', 'Invalid calls'],
  [
    new PaymasterContractError('argent/multicall-failed'),
    'PAYMASTER_CONTRACT_ERROR',
    'argent/multicall-failed',
  ],
  [new PaymasterHttpError(404, 'Not Found'), 'PAYMASTER_HTTP', '404 Not Found'],
  [new FetchUrlError(), 'FETCH_URL', 'Failed to fetch url'],
  [new PostUrlError(), 'POST_URL', 'Failed to post url'],
  [new PutUrlError(), 'PUT_URL', 'Failed to put url'],
  [new DeleteUrlError(), 'DELETE_URL', 'Failed to delete url'],
  [new HttpError('Not Found', 404, { error: 'x' }), 'HTTP_ERROR', 'Not Found'],
  [new WalletDisposedError(), 'WALLET_DISPOSED', 'This WebWallet was disposed: use the newer instance'],
  [
    new ServiceUnreachableError('node', 'http://node/rpc'),
    'SERVICE_UNREACHABLE',
    'The node at http://node/rpc could not be reached',
  ],
  [new BalanceFetchError(), 'BALANCE_FETCH', 'Error fetching'],
  [new BalanceParseError(), 'BALANCE_PARSE', 'Error parsing response'],
  [new NotInitialisedError(), 'NOT_INITIALISED', 'Not initialised yet'],
  [new StarknameNotFoundError(), 'STARKNAME_NOT_FOUND', 'Starkname not found'],
  [new StarknameLookupError(), 'STARKNAME_LOOKUP', 'Could not get stark name'],
  [new StarknameAddressLookupError(), 'STARKNAME_ADDRESS_LOOKUP', 'Could not get address from stark name'],
  [new StarkProfileError(), 'STARK_PROFILE', 'Could not get user stark profile data from address'],
  [new AggregateCallError(), 'AGGREGATE_CALL', 'Error while calling aggregate function'],
  [
    new NameServiceNotDeployedError(),
    'NAME_SERVICE_NOT_DEPLOYED',
    'Starknet.id is not yet deployed on this network',
  ],
  [
    new WaitForTransactionTimeoutError(200),
    'WAIT_FOR_TRANSACTION_TIMEOUT',
    'waitForTransaction timed-out with retries 200',
  ],
  [new TransactionRejectedError('REJECTED', 'RECEIVED'), 'TRANSACTION_REJECTED', 'REJECTED: RECEIVED'],
  [
    new NodeError(52, 'Invalid transaction nonce', { nonce: '0x1' }),
    'NODE_ERROR',
    'Invalid transaction nonce',
  ],
  ...SDK_SESSION_TABLE,
  ...PROBE_TABLE,
]

describe('error table', () => {
  it.each(TABLE)('%o has its code, exact message and wallet-API code', (error, code, message, apiCode) => {
    expect(error).toBeInstanceOf(WebWalletError)
    expect(error).toBeInstanceOf(Error)
    expect(error.code).toBe(code)
    expect(error.message).toBe(message)
    expect(error.walletApiCode).toBe(apiCode)
    expect(error.name).not.toBe('Error')
  })

  it('covers every registered class exactly once', () => {
    const codes = TABLE.map(([, code]) => code).sort()
    expect(codes).toEqual([...ERROR_CLASSES.keys()].sort())
  })

  it.each(TABLE)('%o round-trips through JSON', (error) => {
    const wire = JSON.parse(JSON.stringify(serializeError(error)))
    const back = parseError(wire)
    expect(back.constructor).toBe(error.constructor)
    expect(back.code).toBe(error.code)
    expect(back.message).toBe(error.message)
    expect(back.data).toEqual(error.data)
    expect(back.walletApiCode).toBe(error.walletApiCode)
  })

  it('keeps parameters in data', () => {
    expect(new SignSessionError(403).data).toEqual({ status: 403 })
    expect(new ConnectAndSignSessionError('x', 'USER_REJECTED').walletApiCode).toBe(113)
    expect(new CalldataConversionError(12n, 0).data).toEqual({ value: '12', index: 0 })
    expect(new FetchUrlError().status).toBe(0)
    expect(new PostUrlError({ url: 'https://x' }).data).toEqual({ url: 'https://x', status: 0 })
    expect(new PutUrlError().data.status).toBeUndefined()
    const rebuilt = parseError(serializeError(new FetchUrlError({ url: 'https://x' })))
    expect(rebuilt).toBeInstanceOf(FetchUrlError)
    expect((rebuilt as FetchUrlError).status).toBe(0)
  })
})

describe('parseError', () => {
  it.each([
    null,
    undefined,
    42,
    'boom',
    {},
    { code: 'NOPE', message: 'x' },
    { code: 1, message: 'x' },
    new Error('x'),
  ])('parses %o to UnknownError', (input) => {
    const error = parseError(input)
    expect(error).toBeInstanceOf(UnknownError)
    expect(error.message).toBe('Unknown error')
  })

  it('keeps an Error input as cause', () => {
    const cause = new Error('socket')
    expect(parseError(cause).cause).toBe(cause)
  })

  it('reads a tRPC error shape carrying our serialised error', () => {
    const shape = {
      code: -32603,
      message: 'Sign session error',
      data: {
        code: 'INTERNAL_SERVER_ERROR',
        webwalletError: { code: 'SIGN_SESSION_ERROR', message: 'x', data: { status: 500 } },
      },
    }
    const error = parseError({ shape, data: shape.data, message: 'x' })
    expect(error).toBeInstanceOf(SignSessionError)
    expect(error.data).toEqual({ status: 500 })
  })

  it("reads starknetkit's webwalletErrorCode / webwalletErrorMessage", () => {
    const shape = {
      message: 'm',
      data: { webwalletErrorCode: 'NOT_ENOUGH_BALANCE', webwalletErrorMessage: 'Fund it' },
    }
    const error = parseError(shape)
    expect(error).toBeInstanceOf(ConnectAndSignSessionError)
    expect(error.message).toBe('Fund it')
    expect(error.data).toEqual({ webwalletErrorCode: 'NOT_ENOUGH_BALANCE', webwalletErrorMessage: 'Fund it' })
    expect(parseError({ message: 'm', data: { webwalletErrorCode: 'USER_REJECTED' } })).toBeInstanceOf(
      UserRejectedError,
    )
  })

  it("keeps a wallet refusal's words in USER_REJECTED data, across the wire", () => {
    const detail = { webwalletErrorCode: 'USER_REJECTED', webwalletErrorMessage: 'Rejected' }
    const error = new UserRejectedError({ detail })
    expect(error.data).toEqual(detail)
    expect(parseError(error.toJSON()).data).toEqual(detail)
    expect(new UserRejectedError().data).toBeUndefined()
  })

  it('returns a WebWalletError unchanged', () => {
    const error = new PopupBlockedError()
    expect(parseError(error)).toBe(error)
  })

  it('serialises foreign errors as UNKNOWN keeping their message in data', () => {
    expect(serializeError(new TypeError('bad'))).toEqual({
      code: 'UNKNOWN',
      message: 'Unknown error',
      data: { message: 'bad' },
    })
    expect(serializeError(7)).toEqual({ code: 'UNKNOWN', message: 'Unknown error' })
  })
})

describe('helpers', () => {
  it('narrows on code', () => {
    expect(isWebWalletError(new UserRejectedError(), 'USER_REJECTED')).toBe(true)
    expect(isWebWalletError(new UserRejectedError(), 'UNKNOWN')).toBe(false)
    expect(isWebWalletError(new Error('x'))).toBe(false)
  })

  it('walks the cause chain', () => {
    const inner = new SignSessionError(500)
    const outer = new ConnectionFailedError({ cause: new Error('wrap', { cause: inner }) })
    expect(outer.walk((e) => e instanceof SignSessionError)).toBe(inner)
    expect(outer.walk()).toBe(inner)
    expect(outer.walk(() => false)).toBeUndefined()
  })
})
