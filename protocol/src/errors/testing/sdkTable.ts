// The session SDK's coded errors for the error-table test (apart, so additions merge cleanly).
import type { WebWalletError } from '../base'
import { TransactionOutcomeUnknownError } from '../chain'
import { SessionInvalidError } from '../lifecycle'
import {
  CallNotAllowedError,
  GasFeeError,
  GaslessRetryFailedError,
  InvalidOptionsError,
  NoDeployerError,
  NotSupportedBySessionError,
  OperationAbortedError,
  OperationTimeoutError,
  PaymasterIncompatibleError,
  SessionExpiredError,
  SessionKeyExportDisabledError,
  SessionRevocationFailedError,
  SessionRevokedError,
  StoredSessionDiscardedError,
  UnexpectedAnswerError,
  UnsupportedRpcVersionError,
} from '../sdk'

export const SDK_SESSION_TABLE: [WebWalletError, string, string, number?][] = [
  [
    new InvalidOptionsError('appName', 'must not be empty'),
    'INVALID_OPTIONS',
    'Invalid option appName: must not be empty',
    114,
  ],
  [new CallNotAllowedError('approve'), 'CALL_NOT_ALLOWED', 'Call not allowed by the session: approve'],
  [new NoDeployerError(), 'NO_DEPLOYER', 'No deployer configured'],
  [new UnexpectedAnswerError('token info'), 'UNEXPECTED_ANSWER', 'Unexpected token info'],
  [new GasFeeError('Invalid gas token price for 0x1'), 'GAS_FEE', 'Invalid gas token price for 0x1'],
  [
    new PaymasterIncompatibleError(),
    'PAYMASTER_INCOMPATIBLE',
    'The account is not compatible with the paymaster',
  ],
  [
    new GaslessRetryFailedError(new Error('a'), new Error('b')),
    'GASLESS_RETRY_FAILED',
    'The gasless retry failed: b (first error: a)',
  ],
  [
    new SessionKeyExportDisabledError(),
    'SESSION_KEY_EXPORT_DISABLED',
    'Exporting the session private key is disabled (init option allowSessionKeyExport)',
  ],
  [
    new UnsupportedRpcVersionError('http://node/rpc', '0.7.1'),
    'UNSUPPORTED_RPC_VERSION',
    'The node at http://node/rpc speaks JSON-RPC 0.7.1; the SDK needs 0.9 or 0.10',
  ],
  [new OperationAbortedError('execute'), 'OPERATION_ABORTED', 'execute was aborted'],
  [new OperationTimeoutError('execute', 5), 'OPERATION_TIMEOUT', 'execute timed out after 5 ms'],
  [
    new NotSupportedBySessionError('declare'),
    'NOT_SUPPORTED_BY_SESSION',
    'declare is not supported by a session account',
  ],
  [new SessionExpiredError(1, 2), 'SESSION_EXPIRED', 'The session has expired'],
  [new SessionRevokedError(), 'SESSION_REVOKED', 'Session cleared (clearSession)'],
  [
    new SessionRevocationFailedError('http://cosigner/cosigner/revokeSession', 'unknownSession'),
    'SESSION_REVOCATION_FAILED',
    'Session revocation failed',
  ],
  [
    new TransactionOutcomeUnknownError({ service: 'node', url: 'http://node/rpc', transactionHash: '0x1' }),
    'TRANSACTION_OUTCOME_UNKNOWN',
    '0x1 was sent to the node; its outcome is unknown: do not send it again',
  ],
  [
    new SessionInvalidError('CHAIN_CHANGED', '0xa', '0xb'),
    'SESSION_INVALID',
    "The session's chain is gone (CHAIN_CHANGED: signed on 0xa, the node answers 0xb): sign a new session",
  ],
  [new StoredSessionDiscardedError(), 'STORED_SESSION_DISCARDED', 'Stored session removed: sign a new one'],
]
