import { describe, expect, it } from 'vitest'
import { DEFAULT_TX_FEE_MAX_AMOUNTS } from '../constants'
import {
  ApprovalRequestSchema,
  CallListSchema,
  CallSchema,
  ConnectorOptionsSchema,
  DeploymentDataSchema,
  SessionSignResultSchema,
  TypedDataSchema,
} from './connector'
import { DefiDecompositionSchema, PositionSchema } from './defi'
import { CosignerResponseSchema, PaymasterExecuteRequestSchema } from './paymaster'
import {
  AccountCreationDetailsSchema,
  BalanceResponseSchema,
  TokenInfoSchema,
  toTokenBalances,
} from './portfolio'
import { InitOptionsSchema, SessionMetadataSchema, SessionParamsSchema, SessionSchema } from './session'

const TYPED_DATA = {
  types: {
    StarknetDomain: [
      { name: 'name', type: 'shortstring' },
      { name: 'revision', type: 'shortstring' },
    ],
    Session: [{ name: 'Allowed Methods', type: 'merkletree', contains: 'Allowed Method' }],
  },
  primaryType: 'Session',
  domain: { name: 'SessionAccount.session', revision: '1' },
  message: { 'Allowed Methods': [] },
}

describe('connector entities', () => {
  it('approval requests need tokenAddress, spender and amount', () => {
    const ok = { tokenAddress: '0x1', spender: '0x2', amount: '10' }
    expect(ApprovalRequestSchema.parse(ok)).toEqual(ok)
    for (const bad of [
      { tokenAddress: '0x1', spender: '0x2' },
      { ...ok, amount: '' },
      { ...ok, spender: 3 },
      null,
      'x',
    ]) {
      expect(ApprovalRequestSchema.safeParse(bad).error?.issues[0]?.message).toBe('Invalid approval request')
    }
  })

  it('accepts SNIP-12 typed data with merkletree fields and rejects malformed types', () => {
    expect(TypedDataSchema.parse(TYPED_DATA)).toEqual(TYPED_DATA)
    expect(TypedDataSchema.safeParse({ ...TYPED_DATA, types: { A: [{ name: 1 }] } }).success).toBe(false)
    expect(TypedDataSchema.safeParse({ ...TYPED_DATA, domain: [] }).success).toBe(false)
  })

  it('call lists are non-empty; calldata follows the calldata rule', () => {
    expect(CallListSchema.safeParse([]).error?.issues[0]?.message).toBe('Call list must not be empty')
    expect(
      CallSchema.safeParse({ contractAddress: '0x1', entrypoint: 'x', calldata: [0.5] }).error?.issues[0]
        ?.message,
    ).toBe('Only hex, integers and bigint are supported in calldata')
  })

  it('deployment data version is 0 or 1', () => {
    const data = { address: '0x1', class_hash: '0x2', salt: '0x3', calldata: [], version: 1 }
    expect(DeploymentDataSchema.safeParse(data).success).toBe(true)
    expect(DeploymentDataSchema.safeParse({ ...data, version: 2 }).success).toBe(false)
  })

  it('session sign results carry only the known error codes', () => {
    expect(SessionSignResultSchema.safeParse({ errorCode: 'NOT_ENOUGH_BALANCE_DEPLOYMENT' }).success).toBe(
      true,
    )
    expect(SessionSignResultSchema.safeParse({ errorCode: 'OOPS' }).success).toBe(false)
  })

  it('theme is light, dark or auto', () => {
    expect(ConnectorOptionsSchema.safeParse({ theme: 'auto' }).success).toBe(true)
    expect(ConnectorOptionsSchema.safeParse({ theme: 'blue' }).success).toBe(false)
  })
})

describe('session entities', () => {
  const session = {
    allowedMethods: [{ 'Contract Address': '0x1', selector: 'play' }],
    sessionKey: { publicKey: '0x2', privateKey: '0x3' },
    expiresAt: 1_700_000_000,
    address: '0x4',
    chainId: '0x534e5f5345504f4c4941',
    authorisationSignature: ['0x5', '0x6'],
    hash: '0x7',
    version: '1',
    sessionKeyGuid: '0x8',
    metadata: JSON.stringify({ projectID: 'demo', txFees: [] }),
    signature: ['0x9'],
    deploymentPayload: {
      classHash: '0xa',
      constructorCalldata: ['0xb'],
      addressSalt: '0xc',
      contractAddress: '0x4',
    },
  }

  it('round-trips the stored session JSON', () => {
    expect(SessionSchema.parse(JSON.parse(JSON.stringify(session)))).toEqual(session)
    const { sessionKey: _key, ...withoutKey } = session
    expect(SessionSchema.safeParse(withoutKey).success).toBe(false)
  })

  it('defaults validityDays to 30 and the environment to sepolia', () => {
    expect(SessionParamsSchema.parse({ allowedMethods: [] }).validityDays).toBe(30)
    expect(SessionParamsSchema.parse({ allowedMethods: [], validityDays: 45 }).validityDays).toBe(45)
    expect(SessionParamsSchema.safeParse({ allowedMethods: [], validityDays: 0 }).success).toBe(false)
    const init = InitOptionsSchema.parse({ appName: 'demo', sessionParams: { allowedMethods: [] } })
    expect(init.environment).toBe('sepolia')
    expect(
      InitOptionsSchema.safeParse({
        appName: 'demo',
        environment: 'prod',
        sessionParams: { allowedMethods: [] },
      }).success,
    ).toBe(false)
  })

  it('session metadata lists fee tokens with max amounts', () => {
    const metadata = {
      projectID: 'demo',
      txFees: DEFAULT_TX_FEE_MAX_AMOUNTS.map((maxAmount, i) => ({ tokenAddress: `0x${i}`, maxAmount })),
    }
    expect(SessionMetadataSchema.parse(metadata).txFees.map((f) => BigInt(f.maxAmount))).toEqual([
      10n * 10n ** 18n,
      10n ** 17n,
    ])
  })
})

describe('services and portfolio entities', () => {
  it("paymaster execute signatures are any non-empty felt list: an owner's [r, s] or a session token", () => {
    const body = { userAddress: '0x1', typedData: '{}', signature: ['0x1', '0x2'] }
    expect(PaymasterExecuteRequestSchema.safeParse(body).success).toBe(true)
    const token = Array.from({ length: 31 }, (_, i) => `0x${i.toString(16)}`)
    expect(PaymasterExecuteRequestSchema.safeParse({ ...body, signature: token }).success).toBe(true)
    expect(
      PaymasterExecuteRequestSchema.safeParse({ ...body, signature: [] }).error?.issues[0]?.message,
    ).toBe('signature must not be empty')
    expect(PaymasterExecuteRequestSchema.safeParse({ ...body, signature: ['r'] }).success).toBe(false)
    expect(
      CosignerResponseSchema.safeParse({ signature: { publicKey: '0x1', r: '0x2', s: '0x3' } }).success,
    ).toBe(true)
  })

  it('token info categories and balances', () => {
    const token = {
      id: 1,
      address: '0x49d',
      name: 'Ether',
      symbol: 'ETH',
      decimals: 18,
      sendable: true,
      popular: true,
      refundable: true,
      listed: true,
      tradable: true,
      category: 'tokens',
    }
    expect(TokenInfoSchema.safeParse(token).success).toBe(true)
    expect(TokenInfoSchema.safeParse({ ...token, category: 'memes' }).success).toBe(false)
    expect(BalanceResponseSchema.safeParse({ status: 'initialising', balances: [] }).success).toBe(true)
    expect(BalanceResponseSchema.safeParse({ status: 'done', balances: [] }).success).toBe(false)
    expect(toTokenBalances([{ tokenAddress: '0x1', tokenBalance: '5' }], 'sepolia')).toEqual([
      { address: '0x1', balance: '5', networkId: 'sepolia' },
    ])
    expect(
      AccountCreationDetailsSchema.safeParse({ cairoVersion: '1', accountClassHash: 'zz' }).error?.issues[0]
        ?.message,
    ).toBe('Invalid hex string')
  })

  it('parses all five position kinds and rejects unknown product types', () => {
    const base = { id: 'p', totalBalances: { '0x1': '10' } }
    const lp = { tokenId: '1', poolFeePercentage: '0.3', currentPrice: '1' }
    const side = { principal: '1', accruedFees: '0', minPrice: '0', maxPrice: '2', currentPrice: '1' }
    const positions = [
      { ...base, ...lp, token0: side, token1: side },
      { ...base, collateral: true, debt: false, lending: true },
      { ...base, delegatingTo: '0x2' },
      { ...base, apy: '0.1', totalApy: '0.2' },
      { ...base, stakerInfo: { address: '0x3' }, accruedRewards: '1', stakedAmount: '100' },
    ]
    for (const p of positions) expect(PositionSchema.safeParse(p).success).toBe(true)
    expect(PositionSchema.safeParse({ ...base, totalBalances: { a: 1 } }).success).toBe(false)
    const product = { name: 'Pool', type: 'staking', positions }
    expect(DefiDecompositionSchema.safeParse({ dapps: [{ dappId: 'x', products: [product] }] }).success).toBe(
      true,
    )
    expect(
      DefiDecompositionSchema.safeParse({
        dapps: [{ dappId: 'x', products: [{ ...product, type: 'farming' }] }],
      }).success,
    ).toBe(false)
  })
})
