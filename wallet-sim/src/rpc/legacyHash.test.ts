// The chain's transaction hashes for what JSON-RPC 0.7 and 0.8 clients send equal the ones starknet.js v6 and
// v7 compute themselves (the clients of compat/starknet-legacy, installed by `node scripts/compat.mjs
// starknet-legacy`): V1 invoke and deploy account (Pedersen, max_fee), V3 with L1 and L2 gas bounds only
// (0.7) and V3 with all three (0.8), for the transaction and its query version.
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { toHex } from '../chain/felt'
import { parseTransaction } from '../chain/parseTransaction'
import { RPC_0_7_TRANSACTION, type RpcTransaction } from '../chain/transaction'
import { transactionHash } from '../chain/transactionHash'

interface HashApi {
  hash: {
    calculateInvokeTransactionHash(args: object): string
    calculateDeployAccountTransactionHash(args: object): string
    calculateContractAddressFromHash(
      salt: string,
      classHash: string,
      calldata: string[],
      deployer: number,
    ): string
  }
}
const fromCompat = createRequire(
  join(import.meta.dirname, '..', '..', '..', 'compat', 'starknet-legacy', 'package.json'),
)
function client(name: string): HashApi {
  try {
    return fromCompat(name) as HashApi
  } catch (e) {
    throw new Error(`${name} is missing: run \`node scripts/compat.mjs starknet-legacy\` (${String(e)})`)
  }
}
const v6 = client('starknet6')
const v7 = client('starknet7')

const CHAIN_ID = '0x534e5f5345504f4c4941'
const SENDER = '0x64b48806902a367c8598f4f95c305e8c1a1acba5f082d294a43793113115691'
const CLASS = '0x61dac032f228abef9c6626f995015233097ae253a7f72d68552db02f2971b8f'
const CALLDATA = [
  '0x1',
  '0x4718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d',
  '0x83afd3f4caedc6eebf44246fe54e38c95e3179a5ec9ea81740eca5b482d12e',
  '0x3',
  '0x7e51e47',
  '0x2a',
  '0x0',
]
const QUERY = (v: number) => toHex(2n ** 128n + BigInt(v))
const bounds2 = {
  l1_gas: { max_amount: '0x2710', max_price_per_unit: '0x5af3107a4000' },
  l2_gas: { max_amount: '0x0', max_price_per_unit: '0x0' },
}
const bounds3 = {
  l1_gas: { max_amount: '0x0', max_price_per_unit: '0x5af3107a4000' },
  l2_gas: { max_amount: '0x1312d00', max_price_per_unit: '0x2cb417800' },
  l1_data_gas: { max_amount: '0x7d0', max_price_per_unit: '0x186a0' },
}

const chainHash = (json: RpcTransaction, from07: boolean) =>
  toHex(
    transactionHash(
      parseTransaction(from07 ? { ...json, [RPC_0_7_TRANSACTION]: true } : json),
      BigInt(CHAIN_ID),
    ),
  )

const v3Fields = {
  tip: '0x0',
  paymaster_data: [],
  nonce_data_availability_mode: 'L1',
  fee_data_availability_mode: 'L1',
  signature: [],
}

describe('transaction hashes of 0.7 / 0.8 clients', () => {
  it('V1 invoke (and its query version): as starknet.js v6', () => {
    for (const version of ['0x1', QUERY(1)]) {
      const json = {
        type: 'INVOKE',
        version,
        sender_address: SENDER,
        calldata: CALLDATA,
        max_fee: '0x38d7ea4c68000',
        nonce: '0x7',
        signature: [],
      }
      const expected = v6.hash.calculateInvokeTransactionHash({
        senderAddress: SENDER,
        version,
        compiledCalldata: CALLDATA,
        maxFee: '0x38d7ea4c68000',
        chainId: CHAIN_ID,
        nonce: '0x7',
      })
      expect(chainHash(json, true)).toBe(toHex(BigInt(expected)))
    }
  })

  it('V1 deploy account: as starknet.js v6, at the address it computes', () => {
    const pub = '0x3a5a4b9b1c6f3e1a0f2'
    const address = v6.hash.calculateContractAddressFromHash(pub, CLASS, [pub], 0)
    const json = {
      type: 'DEPLOY_ACCOUNT',
      version: '0x1',
      class_hash: CLASS,
      contract_address_salt: pub,
      constructor_calldata: [pub],
      max_fee: '0x5af3107a4000',
      nonce: '0x0',
      signature: [],
    }
    const expected = v6.hash.calculateDeployAccountTransactionHash({
      contractAddress: address,
      classHash: CLASS,
      constructorCalldata: [pub],
      salt: pub,
      version: '0x1',
      maxFee: '0x5af3107a4000',
      chainId: CHAIN_ID,
      nonce: '0x0',
    })
    expect(chainHash(json, true)).toBe(toHex(BigInt(expected)))
  })

  it('V3 with L1 and L2 gas bounds only (0.7): as starknet.js v6, invoke and deploy account', () => {
    for (const version of ['0x3', QUERY(3)]) {
      const json = {
        type: 'INVOKE',
        version,
        sender_address: SENDER,
        calldata: CALLDATA,
        nonce: '0x2',
        resource_bounds: bounds2,
        account_deployment_data: [],
        ...v3Fields,
      }
      const expected = v6.hash.calculateInvokeTransactionHash({
        senderAddress: SENDER,
        version,
        compiledCalldata: CALLDATA,
        chainId: CHAIN_ID,
        nonce: '0x2',
        accountDeploymentData: [],
        nonceDataAvailabilityMode: 0,
        feeDataAvailabilityMode: 0,
        resourceBounds: bounds2,
        tip: '0x0',
        paymasterData: [],
      })
      expect(chainHash(json, true)).toBe(toHex(BigInt(expected)))
    }
    const pub = '0x77aa'
    const address = v6.hash.calculateContractAddressFromHash(pub, CLASS, [pub], 0)
    const deploy = {
      type: 'DEPLOY_ACCOUNT',
      version: '0x3',
      class_hash: CLASS,
      contract_address_salt: pub,
      constructor_calldata: [pub],
      nonce: '0x0',
      resource_bounds: bounds2,
      ...v3Fields,
    }
    const expected = v6.hash.calculateDeployAccountTransactionHash({
      contractAddress: address,
      classHash: CLASS,
      compiledConstructorCalldata: [pub],
      salt: pub,
      version: '0x3',
      chainId: CHAIN_ID,
      nonce: '0x0',
      nonceDataAvailabilityMode: 0,
      feeDataAvailabilityMode: 0,
      resourceBounds: bounds2,
      tip: '0x0',
      paymasterData: [],
    })
    expect(chainHash(deploy, true)).toBe(toHex(BigInt(expected)))
  })

  it('V3 with all three bounds (0.8): as starknet.js v7', () => {
    const json = {
      type: 'INVOKE',
      version: '0x3',
      sender_address: SENDER,
      calldata: CALLDATA,
      nonce: '0x9',
      resource_bounds: bounds3,
      account_deployment_data: [],
      ...v3Fields,
    }
    const expected = v7.hash.calculateInvokeTransactionHash({
      senderAddress: SENDER,
      version: '0x3',
      compiledCalldata: CALLDATA,
      chainId: CHAIN_ID,
      nonce: '0x9',
      accountDeploymentData: [],
      nonceDataAvailabilityMode: 0,
      feeDataAvailabilityMode: 0,
      resourceBounds: bounds3,
      tip: '0x0',
      paymasterData: [],
    })
    expect(chainHash(json, false)).toBe(toHex(BigInt(expected)))
    // A 0.7 client sending all three bounds is hashed as 0.8's (the bounds it sent).
    expect(chainHash(json, true)).toBe(toHex(BigInt(expected)))
  })
})
