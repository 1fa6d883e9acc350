import { hash } from 'starknet'
import { describe, expect, it } from 'vitest'
import { shortString, toHex } from './felt'
import { parseTransaction } from './parseTransaction'
import { transactionHash } from './transactionHash'

const chainId = shortString('SN_SEPOLIA')
const bounds = {
  l1_gas: { max_amount: '0x0', max_price_per_unit: '0x2d79883d2000' },
  l2_gas: { max_amount: '0x1a2b3c', max_price_per_unit: '0x1dcd65000' },
  l1_data_gas: { max_amount: '0x2a0', max_price_per_unit: '0x7735940' },
}
const common = {
  version: '0x3',
  nonce: '0x7',
  resource_bounds: bounds,
  tip: '0x5',
  paymaster_data: ['0x9'],
  nonce_data_availability_mode: 'L1',
  fee_data_availability_mode: 'L1',
  signature: [],
}
const rbBN = {
  l1_gas: { max_amount: 0n, max_price_per_unit: 0x2d79883d2000n },
  l2_gas: { max_amount: 0x1a2b3cn, max_price_per_unit: 0x1dcd65000n },
  l1_data_gas: { max_amount: 0x2a0n, max_price_per_unit: 0x7735940n },
}

describe('transactionHash', () => {
  it('matches starknet.js for a V3 invoke and its query version', () => {
    for (const version of ['0x3', '0x100000000000000000000000000000003'] as const) {
      const json = {
        ...common,
        version,
        type: 'INVOKE',
        sender_address: '0x123',
        calldata: ['0x1', '0x2', '0x3'],
        account_deployment_data: ['0x4'],
      }
      const expected = hash.calculateInvokeTransactionHash({
        senderAddress: '0x123',
        version,
        compiledCalldata: ['1', '2', '3'],
        chainId: toHex(chainId) as '0x534e5f5345504f4c4941',
        nonce: 7,
        accountDeploymentData: [4],
        nonceDataAvailabilityMode: 0,
        feeDataAvailabilityMode: 0,
        resourceBounds: rbBN,
        tip: 5,
        paymasterData: [9],
      })
      expect(toHex(transactionHash(parseTransaction(json), chainId))).toBe(expected)
    }
  })

  it('matches starknet.js for a V3 deploy-account', () => {
    const json = {
      ...common,
      type: 'DEPLOY_ACCOUNT',
      class_hash: '0xabc',
      contract_address_salt: '0x55',
      constructor_calldata: ['0x66'],
    }
    const tx = parseTransaction(json)
    const expected = hash.calculateDeployAccountTransactionHash({
      contractAddress: hash.calculateContractAddressFromHash('0x55', '0xabc', ['0x66'], 0),
      classHash: '0xabc',
      compiledConstructorCalldata: ['0x66'],
      salt: '0x55',
      version: '0x3',
      chainId: toHex(chainId) as '0x534e5f5345504f4c4941',
      nonce: 7,
      nonceDataAvailabilityMode: 0,
      feeDataAvailabilityMode: 0,
      resourceBounds: rbBN,
      tip: 5,
      paymasterData: [9],
    })
    expect(toHex(transactionHash(tx, chainId))).toBe(expected)
  })
})

describe('contractAddress', () => {
  it('matches starknet.js calculateContractAddressFromHash', async () => {
    const { contractAddress } = await import('./felt')
    for (const [salt, cls, calldata, deployer] of [
      [0x55n, 0xabcn, [0x66n, 0x77n], 0n],
      [
        123n,
        0x5b4b537eaa2399e3aa99c4e2e0208ebd6c71bc1467938cd52c798c601e43564n,
        [],
        0x41a78e741e5af2fec34b695679bc6891742439f7afb8484ecd7766661ad02bfn,
      ],
    ] as const) {
      const expected = hash.calculateContractAddressFromHash(salt, cls, calldata.map(String), deployer)
      expect(contractAddress(salt, cls, calldata, deployer)).toBe(BigInt(expected))
    }
  })

  it('selectorOf equals starknet.js getSelectorFromName', async () => {
    const { selectorOf } = await import('./felt')
    for (const name of ['transfer', '__execute__', 'balance_of', 'ContractDeployed']) {
      expect(selectorOf(name)).toBe(BigInt(hash.getSelectorFromName(name)))
    }
  })
})
