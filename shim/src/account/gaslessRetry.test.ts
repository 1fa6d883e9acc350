// Which execute failures move the calls to the paymaster (issue 35 item 4): the node's code decides, not an
// exact sentence: 54 always, 55 when its data names the balance (Argent's wording included), the co-signer's
// refusal of this transaction (not of the session, which the paymaster route meets the same).
import { NodeError, SignSessionError } from '@webwallet/protocol/errors'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { shouldRetryGasless } from './outOfGas'

describe('shouldRetryGasless', () => {
  it.each([
    [
      '54 as wallet-sim and the gateway answer it (no data)',
      new NodeError(54, "Account balance is smaller than the transaction's max_fee"),
      true,
    ],
    ['54 with any message a node words it in', new NodeError(54, 'Insufficient account balance'), true],
    [
      '55 whose data is the fee check run in validation',
      new NodeError(
        55,
        'Account validation failed',
        'Resources bounds (max amount: 0x100, max price: 0x1) exceed balance (0).',
      ),
      true,
    ],
    [
      "55 with Argent's wording",
      new NodeError(55, 'Account validation failed', 'validation failed gas bounds exceed balance'),
      true,
    ],
    [
      '55 for a bad signature',
      new NodeError(55, 'Account validation failed', 'argent/invalid-signature'),
      false,
    ],
    ['52 a nonce', new NodeError(52, 'Invalid transaction nonce'), false],
    ['53 a low max fee', new NodeError(53, 'Max fee is smaller than the minimal transaction cost'), false],
    ["the co-signer's refusal", new SignSessionError(), true],
    ["the co-signer's refusal of this transaction's fee", new SignSessionError('feeCapExceeded'), true],
    ["the co-signer's refusal of a revoked session", new SignSessionError('sessionRevoked'), false],
    ["the co-signer's refusal of an expired session", new SignSessionError('sessionExpired'), false],
    ['another error', new Error('validation failed gas bounds exceed balance'), false],
    [
      "Argent's wording under another code",
      new NodeError(-32603, 'validation failed gas bounds exceed balance'),
      false,
    ],
  ])('%s: %s', (_name, error, retried) => {
    expect(shouldRetryGasless(error)).toBe(retried)
  })

  it('retries on 54 whatever its message and data, and never on another code without a balance in its data', () => {
    fc.assert(
      fc.property(fc.string(), fc.jsonValue(), (message, data) => {
        expect(shouldRetryGasless(new NodeError(54, message, data))).toBe(true)
      }),
    )
    fc.assert(
      fc.property(
        fc.integer({ min: -32700, max: 200 }).filter((code) => code !== 54),
        fc.string().filter((text) => !/balance/i.test(text)),
        (code, text) => {
          expect(shouldRetryGasless(new NodeError(code, text, text))).toBe(false)
        },
      ),
    )
  })
})
