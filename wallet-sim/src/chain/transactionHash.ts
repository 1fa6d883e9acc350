// The hashes of transactions exactly as Starknet computes them: V3 (SNIP-8, Poseidon), V1 and L1_HANDLER
// (Pedersen), and the L1 -> L2 message hash the L1 core contract keeps.
import { memo } from '@webwallet/protocol/session'
import { hash as starknetHash } from 'starknet'
import type { Felt, ResourceBound } from './contract'
import { hashOnElements } from './pedersen'
import { poseidonHashMany } from './poseidon'
import type { L1HandlerTx, Transaction } from './transaction'

const L1_GAS = 0x4c315f474153n // 'L1_GAS'
const L2_GAS = 0x4c325f474153n // 'L2_GAS'
const L1_DATA = 0x4c315f44415441n // 'L1_DATA'
const INVOKE_PREFIX = 0x696e766f6b65n // 'invoke'
const DEPLOY_ACCOUNT_PREFIX = 0x6465706c6f795f6163636f756e74n // 'deploy_account'
const encodeBound = (name: bigint, b: ResourceBound) =>
  (name << 192n) + (b.maxAmount << 128n) + b.maxPricePerUnit

// Clients send the same tip and bounds again and again (a wallet's defaults, one estimate reused): the
// hash of the fee fields is three permutations, worth remembering for the last few combinations.
const feeFieldsHashes = memo<string, Felt>(64)

function feeFieldsHash(tx: Transaction): Felt {
  const rb = tx.resourceBounds
  const fields = [tx.tip, encodeBound(L1_GAS, rb.l1Gas), encodeBound(L2_GAS, rb.l2Gas)]
  // A V3 of spec 0.7 hashes the two bounds it has (SNIP-8 before Starknet 0.13.4 added L1 data gas).
  if (tx.legacyFee?.kind !== 'L1_GAS') fields.push(encodeBound(L1_DATA, rb.l1DataGas))
  return feeFieldsHashes(fields.join(':'), () => poseidonHashMany(fields))
}

/**
 * The transaction hash exactly as Starknet computes it for V3 (SNIP-8 layout, Poseidon). Same
 * result as starknet.js's `hash.calculateInvokeTransactionHash` / `calculateDeployAccountTransactionHash`
 * (transaction.test.ts checks it), with the faster Poseidon of ./poseidon.
 * @example transactionHash(parseTransaction(json), 0x534e5f5345504f4c4941n)
 */
export function transactionHash(tx: Transaction, chainId: Felt): Felt {
  if (tx.legacyFee?.kind === 'MAX_FEE') return v1TransactionHash(tx, tx.legacyFee.maxFee, chainId)
  const feeFields = feeFieldsHash(tx)
  const da = (BigInt(tx.nonceDataAvailabilityMode) << 32n) + BigInt(tx.feeDataAvailabilityMode)
  const common = (prefix: bigint, address: Felt) => [
    prefix,
    tx.version,
    address,
    feeFields,
    poseidonHashMany(tx.paymasterData),
    chainId,
    tx.nonce,
    da,
  ]
  if (tx.type === 'INVOKE') {
    return poseidonHashMany([
      ...common(INVOKE_PREFIX, tx.senderAddress),
      poseidonHashMany(tx.accountDeploymentData),
      poseidonHashMany(tx.calldata),
      ...(tx.proofFacts.length ? [poseidonHashMany(tx.proofFacts)] : []),
    ])
  }
  return poseidonHashMany([
    ...common(DEPLOY_ACCOUNT_PREFIX, tx.contractAddress),
    poseidonHashMany(tx.constructorCalldata),
    tx.classHash,
    tx.contractAddressSalt,
  ])
}

/**
 * The hash of a V1 transaction as Starknet computes it (Pedersen hash-on-elements): `[prefix, version, address,
 * 0, h(calldata), max_fee, chainId, nonce]`, where a deploy account's "calldata" is its class hash, salt and
 * constructor calldata. Same result as starknet.js v6's `hash.calculateInvokeTransactionHash` /
 * `calculateDeployAccountTransactionHash` for version 1 (e2e/tests/compat/starknetLegacy.test.ts checks it).
 */
function v1TransactionHash(tx: Transaction, maxFee: bigint, chainId: Felt): Felt {
  const [prefix, address, data] =
    tx.type === 'INVOKE'
      ? [INVOKE_PREFIX, tx.senderAddress, tx.calldata]
      : [
          DEPLOY_ACCOUNT_PREFIX,
          tx.contractAddress,
          [tx.classHash, tx.contractAddressSalt, ...tx.constructorCalldata],
        ]
  return hashOnElements([prefix, tx.version, address, 0n, hashOnElements(data), maxFee, chainId, tx.nonce])
}

const L1_HANDLER_PREFIX = 0x6c315f68616e646c6572n // 'l1_handler'

/**
 * The hash of an L1_HANDLER transaction as Starknet computes it (Pedersen, the pre-V3 layout): hash-on-elements
 * of `['l1_handler', 0, contract, selector, h(calldata), 0 (no L2 fee), chainId, nonce]`. Same result as
 * starknet.js's `hash.calculateL2MessageTxHash` (transactionL1Handler.test.ts checks it).
 * @example l1HandlerTransactionHash({ type: 'L1_HANDLER', version: 0n, nonce, contractAddress, entryPointSelector, calldata }, chainId)
 */
export function l1HandlerTransactionHash(tx: L1HandlerTx, chainId: Felt): Felt {
  return hashOnElements([
    L1_HANDLER_PREFIX,
    tx.version,
    tx.contractAddress,
    tx.entryPointSelector,
    hashOnElements(tx.calldata),
    0n,
    chainId,
    tx.nonce,
  ])
}

/**
 * The L1 -> L2 message hash the L1 core contract keeps (the receipt's `message_hash`): keccak-256 of the
 * 32-byte words `from_address, to_address, nonce, selector, payload length, ...payload`, as 0x and 64 hex
 * digits. Same result as starknet.js's `hash.getL2MessageHash`.
 * @example l1ToL2MessageHash(tx) // '0x9e65…7590'
 */
export function l1ToL2MessageHash(tx: L1HandlerTx): string {
  const [from = 0n, ...payload] = tx.calldata
  return starknetHash.solidityUint256PackedKeccak256([
    from,
    tx.contractAddress,
    tx.nonce,
    tx.entryPointSelector,
    payload.length,
    ...payload,
  ])
}
