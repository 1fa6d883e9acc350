import { constants, hash } from 'starknet'
import { describe, expect, it } from 'vitest'
import { COUNTER_ADDRESS } from './contracts/index'
import { selectorOf, shortString, toHex } from './felt'
import { createChain } from './genesis'
import type { L1HandlerTx } from './transaction'
import { l1HandlerTransactionHash, l1ToL2MessageHash } from './transactionHash'

const l1Handler = (m: Omit<L1HandlerTx, 'type' | 'version'>): L1HandlerTx => ({
  type: 'L1_HANDLER',
  version: 0n,
  ...m,
})

// A StarkGate deposit on mainnet: starknet.js documents its message hash and (on Sepolia's chain id) tx hash.
const STARKGATE = {
  from: 0x8453fc6cd1bcfe8d4dfc069c400b433054d47bdcn,
  to: 2158142789748719025684046545159279785659305214176670733242887773692203401023n,
  selector: 774397379524139446221206168840917193112228400237242521560346153613428128537n,
  payload: [
    4543560n,
    829565602143178078434185452406102222830667255948n,
    3461886633118033953192540141609307739580461579986333346825796013261542798665n,
    9000000000000000n,
    0n,
  ],
  nonce: 8288n,
}
const starkgate = l1Handler({
  nonce: STARKGATE.nonce,
  contractAddress: STARKGATE.to,
  entryPointSelector: STARKGATE.selector,
  calldata: [STARKGATE.from, ...STARKGATE.payload],
})

describe('L1_HANDLER transaction and message hashes', () => {
  it('the transaction hash is the one starknet.js computes (calculateL2MessageTxHash)', () => {
    expect(toHex(l1HandlerTransactionHash(starkgate, shortString('SN_SEPOLIA')))).toBe(
      '0x67d959200d65d4ad293aa4b0da21bb050a1f669bce37d215c6edbf041269c07',
    )
    for (const [payload, nonce, chainId] of [
      [[], 0n, constants.StarknetChainId.SN_SEPOLIA],
      [[1n, 2n, 3n], 783_082n, constants.StarknetChainId.SN_MAIN],
    ] as const) {
      const tx = l1Handler({
        nonce,
        contractAddress: 0xc0de2n,
        entryPointSelector: BigInt(hash.getSelectorFromName('increase_from_l1')),
        calldata: [0xabcn, ...payload],
      })
      expect(toHex(l1HandlerTransactionHash(tx, BigInt(chainId)))).toBe(
        hash.calculateL2MessageTxHash(0xabcn, 0xc0de2n, 'increase_from_l1', [...payload], chainId, nonce),
      )
    }
  })

  it('a Goerli L1 handler transaction and its message hash, as Starknet recorded them', () => {
    // Goerli tx 0x6182c6…e8b (starknet-devnet checks the same facts).
    const tx = l1Handler({
      nonce: 783_082n,
      contractAddress: 0x039dc79e64f4bb3289240f88e0bae7d21735bef0d1a51b2bf3c4730cb16983e1n,
      entryPointSelector: 0x02f15cff7b0eed8b9beb162696cf4e3e0e35fa7032af69cd1b7d2ac67a13f40fn,
      calldata: [0xbe3c44c09bc1a3566f3e1ca12e5aba0fa4ca72ben, 1n, 2n],
    })
    expect(toHex(l1HandlerTransactionHash(tx, shortString('SN_GOERLI')))).toBe(
      '0x6182c63599a9638272f1ce5b5cadabece9c81c2d2b8f88ab7a294472b8fce8b',
    )
    expect(l1ToL2MessageHash(tx)).toBe('0x9e658ca0f2727a3b43d0ed8171321f8b85685f5085ca5b16514d5bcb7c8a7590')
  })

  it('the message hash is the one starknet.js computes (getL2MessageHash), 64 hex digits', () => {
    expect(l1ToL2MessageHash(starkgate)).toBe(
      '0x2e350fa9d830482605cb68be4fdb9f0cb3e1f95a0c51623ac1a5d1bd997c2090',
    )
    const small = l1Handler({ nonce: 0n, contractAddress: 5n, entryPointSelector: 7n, calldata: [1n] })
    expect(l1ToL2MessageHash(small)).toBe(hash.getL2MessageHash(1n, 5n, 7n, [], 0n))
    expect(l1ToL2MessageHash(small)).toMatch(/^0x[0-9a-f]{64}$/)
  })
})

describe('chain.addL1HandlerTransaction', () => {
  it('runs the message as the chain README shows: the receipt carries the message hash', () => {
    const { chain } = createChain({ accounts: 1 })
    const l1Sender = 0x8453fc6cd1bcfe8d4dfc069c400b433054d47bdcn
    const tx: L1HandlerTx = {
      type: 'L1_HANDLER',
      version: 0n,
      nonce: 0n,
      contractAddress: COUNTER_ADDRESS,
      entryPointSelector: selectorOf('increase_from_l1'),
      calldata: [l1Sender, 5n],
    }
    const hash = chain.addL1HandlerTransaction(tx, { paidFeeOnL1: '0x1' })
    expect(hash).toBe(l1HandlerTransactionHash(tx, chain.chainId))
    const record = chain.getTx(hash)
    expect(record.receipt.message_hash).toBe(l1ToL2MessageHash(tx))
    expect(record.l1Message).toEqual({ paidFeeOnL1: '0x1' })
    expect(record.blockNumber).toBe(1)
    expect(
      chain.call(
        { to: COUNTER_ADDRESS, selector: selectorOf('get_l1_counter'), calldata: [l1Sender] },
        { tag: 'latest' },
      ),
    ).toEqual([5n])
  })
})
