// The interface-probe errors for the error-table test (apart, so additions merge cleanly).
import type { WebWalletError } from '../base'
import { OutsideExecutionNonceUsedError, OutsideExecutionUnsupportedError } from '../probes'

export const PROBE_TABLE: [WebWalletError, string, string, number?][] = [
  [
    new OutsideExecutionUnsupportedError('0x1'),
    'OUTSIDE_EXECUTION_UNSUPPORTED',
    'Account 0x1 does not support outside execution',
  ],
  [
    new OutsideExecutionNonceUsedError('0x7'),
    'OUTSIDE_EXECUTION_NONCE_USED',
    'Outside execution nonce 0x7 is already used',
  ],
]
