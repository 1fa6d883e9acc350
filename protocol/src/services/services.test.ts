import { describe, expect, it } from 'vitest'
import { SignSessionError, type SignSessionStatus } from '../errors'
import * as services from './index'
import { COSIGNER_REFUSALS, cosigner, isCosignerRefusal, walletPage } from './index'

const felt = '0x1'
const session = {
  sessionHash: felt,
  sessionAuthorisation: [felt],
  cacheAuthorisation: false,
  sessionSignature: { type: 'StarknetKey', signer: { publicKey: felt, r: felt, s: felt } },
}
const bounds = { max_amount: '0x0', max_price_per_unit: '0x0' }
const transaction = {
  sender_address: felt,
  calldata: ['1', '0x2'],
  nonce: '0',
  version: '0x3',
  chain_id: 'SN_SEPOLIA',
  resource_bounds: { l1_gas: bounds, l2_gas: bounds, l1_data_gas: bounds },
}

describe('cosigner', () => {
  it('signSession: reads a body; refuses a felt that is not one, a missing session field, a WebAuthn type without its felts', () => {
    expect(cosigner.signSession.Request.safeParse({ session, transaction }).success).toBe(true)
    expect(
      cosigner.signSession.Request.safeParse({ session, transaction: { ...transaction, nonce: 'x' } })
        .success,
    ).toBe(false)
    const { cacheAuthorisation: _, ...partial } = session
    expect(cosigner.signSession.Request.safeParse({ session: partial, transaction }).success).toBe(false)
    const webauthn = { ...session, sessionSignature: { type: 'Webauthn', signer: { publicKey: felt } } }
    expect(cosigner.signSession.Request.safeParse({ session: webauthn, transaction }).success).toBe(false)
  })

  it('signSessionEFO: SNIP-12 values written as numbers, hex, decimal or short strings read to the same bigints', () => {
    const message = (nonce: unknown, before: unknown, caller: unknown = '0x414e595f43414c4c4552') => ({
      session,
      message: {
        accountAddress: felt,
        message: {
          primaryType: 'OutsideExecution',
          domain: { name: 'Account.execute_from_outside', chainId: 'SN_SEPOLIA' },
          message: {
            Caller: caller,
            Nonce: nonce,
            'Execute After': 0,
            'Execute Before': before,
            Calls: [{ To: '0xa', Selector: 'play', Calldata: ['7'] }],
          },
        },
      },
    })
    const read = (nonce: unknown, before: unknown) =>
      cosigner.signSessionEFO.Request.parse(message(nonce, before)).message.message.message
    expect(read('0x10', 100).Nonce).toBe(16n)
    expect(read(16, '100')['Execute Before']).toBe(100n)
    expect(read('A', '0x64').Nonce).toBe(65n)
    expect(cosigner.signSessionEFO.Request.safeParse(message(1, 2 ** 128)).success).toBe(false)
    expect(cosigner.signSessionEFO.Request.safeParse(message(1.5, 1)).success).toBe(false)
    // A ContractAddress is a number, never a short string (SNIP-12 revision 1).
    expect(cosigner.signSessionEFO.Request.safeParse(message(1, 1, 'ANY_CALLER')).success).toBe(false)
  })

  it('Response: the guardian signature as felt strings', () => {
    expect(
      cosigner.signSession.Response.safeParse({ signature: { publicKey: felt, r: felt, s: felt } }).success,
    ).toBe(true)
    expect(cosigner.signSession.Response.safeParse({ signature: { publicKey: felt, r: felt } }).success).toBe(
      false,
    )
  })

  it('Refusal: a 403 body whose status is one of COSIGNER_REFUSALS, and nothing else', () => {
    const refusal = { status: 'sessionRevoked', code: 'FORBIDDEN', message: 'm', messages: ['m'] }
    expect(cosigner.Refusal.parse(refusal).status).toBe('sessionRevoked')
    expect(cosigner.Refusal.safeParse({ ...refusal, status: 'tired' }).success).toBe(false)
    expect(cosigner.Refusal.safeParse({ ...refusal, code: 'BAD_REQUEST' }).success).toBe(false)
    expect(COSIGNER_REFUSALS.every(isCosignerRefusal)).toBe(true)
    expect([403, 'tired', undefined].some(isCosignerRefusal)).toBe(false)
  })

  it("SignSessionError's status: a refusal, another cosigner's word or an HTTP status, rebuilt as it was", () => {
    const status: SignSessionStatus | undefined = new SignSessionError('sessionExpired').data.status
    expect(status).toBe('sessionExpired')
    const rebuilt = (data: unknown) => SignSessionError.fromData(data, '').data
    expect(rebuilt({ status: 'unknownSession' })).toEqual({ status: 'unknownSession' })
    expect(rebuilt({ status: 'tired' })).toEqual({ status: 'tired' })
    expect(rebuilt({ status: 502 })).toEqual({ status: 502 })
    expect(rebuilt({ status: {} })).toEqual({ status: undefined })
  })
})

describe('walletPage', () => {
  it('keeps its old name, walletApi, as the same namespace', () => {
    expect(services.walletApi).toBe(services.walletPage)
  })

  it('each route names its path under /wallet/api', () => {
    for (const [name, route] of Object.entries(walletPage)) {
      // devLoginAvailable is the GET beside devLogin's POST, on the same path: it asks whether the POST would succeed.
      expect((route as { path: string }).path).toBe(`/wallet/api/${name.replace(/Available$/, '')}`)
    }
  })

  it('requests: an origin is required and non-empty; a call list is not empty', () => {
    expect(walletPage.connect.Request.safeParse({ origin: 'https://a.example' }).success).toBe(true)
    expect(walletPage.connect.Request.safeParse({ origin: '' }).success).toBe(false)
    expect(walletPage.permissions.Query.safeParse({}).success).toBe(false)
    const call = { contractAddress: '0x1', entrypoint: 'go', calldata: [] }
    expect(walletPage.execute.Request.safeParse({ origin: 'o', calls: [call] }).success).toBe(true)
    expect(walletPage.execute.Request.safeParse({ origin: 'o', calls: [] }).success).toBe(false)
    expect(walletPage.contractNames.Request.safeParse({ addresses: Array(101).fill('0x1') }).success).toBe(
      false,
    )
  })

  it('answers: the review fee is an estimate or a failure; amounts are decimal strings', () => {
    const review = { feeToken: '0x1', balance: '5', deploysFirst: true, contracts: { '0x1': 'ERC20' } }
    expect(
      walletPage.review.Response.safeParse({ ...review, fee: { amount: '1', maxAmount: '2' } }).success,
    ).toBe(true)
    const failure = { kind: 'reverts', error: 'no', detail: 'trace', call: 0 }
    expect(walletPage.review.Response.safeParse({ ...review, fee: failure }).success).toBe(true)
    expect(
      walletPage.review.Response.safeParse({ ...review, fee: { amount: '0x1', maxAmount: '2' } }).success,
    ).toBe(false)
    expect(
      walletPage.review.Response.safeParse({ ...review, fee: { ...failure, kind: 'maybe' } }).success,
    ).toBe(false)
    const account = { email: 'a', address: '0x1', chainId: '0x1', deployed: false }
    expect(
      walletPage.account.Response.safeParse({ ...account, balances: { STRK: '1', ETH: '0' } }).success,
    ).toBe(true)
    expect(
      walletPage.account.Response.safeParse({ ...account, balances: { STRK: 1, ETH: '0' } }).success,
    ).toBe(false)
    // The chain's clock: whole seconds, or absent (the page then shows dates only).
    const balances = { STRK: '1', ETH: '0' }
    const withTime = (chainTime: unknown) =>
      walletPage.account.Response.safeParse({ ...account, balances, chainTime }).success
    expect([1_800_000_000, 0].map(withTime)).toEqual([true, true])
    expect([1.5, -1, '1800000000', null].map(withTime)).toEqual([false, false, false, false])
    expect(walletPage.decide.Response.safeParse({ answer: 'fail' }).success).toBe(false)
  })

  it("revokeSession: a session hash is a felt's hex as the wire writes it (a lowercase 0x)", () => {
    const read = (sessionHash: unknown) => walletPage.revokeSession.Request.safeParse({ sessionHash }).success
    expect(['0x1', `0x${'aB'.repeat(32)}`].map(read)).toEqual([true, true])
    expect(['0X1', '0x', `0x${'1'.repeat(65)}`, '1', 1].map(read)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ])
    const refused = walletPage.revokeSession.Request.safeParse({ sessionHash: '0xg' })
    expect(refused.error?.issues[0]?.message).toBe('Invalid session hash')
  })
})
