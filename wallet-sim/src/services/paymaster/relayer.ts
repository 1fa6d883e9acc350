import { signHash, toHex } from '@webwallet/protocol/session'
import type { Call } from '../../chain/contract'
import { OZ_ACCOUNT_CLASS_HASH } from '../../chain/contracts/account'
import { encodeCalls } from '../../chain/contracts/calls'
import { STRK_ADDRESS } from '../../chain/contracts/erc20'
import { contractAddress, toAddress } from '../../chain/felt'
import { parseTransaction } from '../../chain/parseTransaction'
import { starkPublicKey } from '../../chain/signature'
import type { RpcTransaction } from '../../chain/transaction'
import { transactionHash } from '../../chain/transactionHash'
import { boundsFor, type ChainAccess, type FriPrices, feeAt, type Measured } from '../../node/access'
import { createSerial } from '../../node/serial'

/** The account the paymaster pays gas from: a funded OpenZeppelin-style account (`[r, s]` signatures). */
export interface RelayerAccount {
  address: string
  privateKey: string
}

export interface RelayerResult {
  transactionHash: string
  reverted: boolean
  revertReason?: string
}

/** What a dry run found: whether the calls revert, and the fee in STRK (FRI) the relayer would pay. */
export interface DryRun {
  reverted: boolean
  revertReason?: string
  fee: bigint
}

/** What a relayed invoke may use at most while it is measured (then priced with 50% margins). */
const ESTIMATE_USAGE = { l1Gas: 0n, l2Gas: 50_000_000n, l1DataGas: 5_000n }
/** A deploy-account transaction of the OpenZeppelin account, measured without its validation. */
const DEPLOY_USAGE = { l1Gas: 0n, l2Gas: 20_000_000n, l1DataGas: 2_000n }

/** What the relayer is funded with when it deploys itself (as a predeployed dev account: 1000 STRK). */
export const RELAYER_FUNDING = 10n ** 21n

/**
 * The relayer of a private key: the OpenZeppelin account (the class of the dev accounts, on the built-in
 * chain and on starknet-devnet alike) with salt and constructor calldata its public key. Not one of the
 * predeployed accounts, whose keys anyone reads from devnet_getPredeployedAccounts.
 * @example const relayer = relayerAccountOf(randomStarkKey())
 */
export function relayerAccountOf(privateKey: string): RelayerAccount {
  const publicKey = starkPublicKey(privateKey)
  const address = contractAddress(publicKey, OZ_ACCOUNT_CLASS_HASH, [publicKey], 0n)
  return { address: toAddress(address), privateKey }
}

/**
 * Submits invokes from the paymaster's own account through the chain access: estimate, price with the protocol's
 * 50% margins, sign, submit. A relayer of its own key (`relayerAccountOf`) deploys itself, funded, before
 * its first transaction on a chain where it is not deployed yet (the first start, after devnet_restart).
 *
 * @example
 * const relayer = createRelayer(builtinAccess(() => sim.chain), relayerAccountOf(key))
 * await relayer.relay([{ to: account, selector: selectorOf('execute_from_outside_v2'), calldata }])
 */
export function createRelayer(chain: ChainAccess, account: RelayerAccount) {
  const address = BigInt(account.address)
  const unsigned = async (calls: readonly Call[]) => ({
    type: 'INVOKE',
    version: '0x3',
    sender_address: toHex(address),
    calldata: encodeCalls(calls).map(toHex),
    nonce: toHex(await chain.nonceOf(address)),
    account_deployment_data: [],
    tip: '0x0',
    paymaster_data: [],
    nonce_data_availability_mode: 'L1',
    fee_data_availability_mode: 'L1',
  })
  const measure = async (draft: RpcTransaction, prices: FriPrices): Promise<Measured | undefined> => {
    const [measured] = await chain.measure([
      { ...draft, resource_bounds: boundsFor(ESTIMATE_USAGE, prices), signature: ['0x0', '0x0'] },
    ])
    return measured
  }
  const signed = signWith(chain, account)
  const deployNow = () => deployIfMissing(chain, account, signed)
  // The dry run: the invoke as it would be sent now (the relayer's nonce, the chain's prices), measured.
  const prepare = async (calls: readonly Call[]) => {
    await deployNow()
    const prices = await chain.gasPrices()
    const draft = await unsigned(calls)
    const outcome = await measure(draft, prices)
    const dryRun: DryRun = {
      reverted: outcome?.reverted ?? false,
      ...(outcome?.reverted ? { revertReason: outcome.revertReason ?? 'reverted' } : {}),
      fee: feeAt(outcome?.usage ?? ESTIMATE_USAGE, prices),
    }
    return { dryRun, send: () => send(draft, boundsFor(outcome?.usage ?? ESTIMATE_USAGE, prices)) }
  }
  const send = async (
    draft: RpcTransaction,
    bounds: ReturnType<typeof boundsFor>,
  ): Promise<RelayerResult> => {
    const submitted = await chain.submit(signed({ ...draft, resource_bounds: bounds }), 'INVOKE')
    const receipt = await chain.receipt(submitted)
    const reverted = receipt?.status === 'REVERTED'
    return {
      transactionHash: toHex(submitted),
      reverted,
      ...(reverted ? { revertReason: receipt?.revertReason ?? 'reverted' } : {}),
    }
  }
  return {
    address: toHex(address),
    /** Deploys and funds the relayer's own account if the chain does not have it yet. */
    deploy(): Promise<void> {
      return serial(account.address, deployNow)
    },
    /**
     * How `calls` would run now, without submitting them: whether they revert, and the fee in STRK (FRI) the
     * relayer would pay at the chain's current prices. Only an estimate: to send, use `relay`.
     */
    dryRun(calls: readonly Call[]): Promise<DryRun> {
      return serial(account.address, async () => (await prepare(calls)).dryRun)
    },
    /**
     * The dry run of `calls`, `accept` (which throws to refuse them), then their submission: one step in the
     * relayer's serial section, so a second copy of the same signed outside execution is dry-run after the
     * first one ran (its nonce used) and refused before the relayer pays for its revert.
     */
    relay(calls: readonly Call[], accept: (dryRun: DryRun) => void = () => {}): Promise<RelayerResult> {
      return serial(account.address, async () => {
        const prepared = await prepare(calls)
        accept(prepared.dryRun)
        return prepared.send()
      })
    },
  }
}

export type Relayer = ReturnType<typeof createRelayer>

/** Shared by every relayer of an account (the AVNU and SNIP-29 routers each build one). */
const serial = createSerial()

/** Signs a priced transaction with the relayer's key (its hash on this chain). */
function signWith(chain: ChainAccess, account: RelayerAccount) {
  return (priced: RpcTransaction): RpcTransaction => {
    const hash = transactionHash(parseTransaction({ ...priced, signature: [] }), chain.chainId())
    const { r, s } = signHash(hash, account.privateKey)
    return { ...priced, signature: [toHex(r), toHex(s)] }
  }
}

// Deploys the relayer's own account where it is missing: funded by the chain's dev mint, then a
// deploy-account transaction it signs itself. Called inside the serial section, so it happens once.
async function deployIfMissing(
  chain: ChainAccess,
  account: RelayerAccount,
  signed: (priced: RpcTransaction) => RpcTransaction,
): Promise<void> {
  const address = BigInt(account.address)
  if ((await chain.classHashAt(address)) !== 0n) return
  const publicKey = starkPublicKey(account.privateKey)
  if (contractAddress(publicKey, OZ_ACCOUNT_CLASS_HASH, [publicKey], 0n) !== address) {
    throw new Error(`The paymaster relayer ${account.address} is not deployed on this chain`)
  }
  await chain.mint(address, BigInt(STRK_ADDRESS), RELAYER_FUNDING)
  const prices = await chain.gasPrices()
  const draft: RpcTransaction = {
    type: 'DEPLOY_ACCOUNT',
    version: '0x3',
    class_hash: toHex(OZ_ACCOUNT_CLASS_HASH),
    contract_address_salt: toHex(publicKey),
    constructor_calldata: [toHex(publicKey)],
    nonce: '0x0',
    tip: '0x0',
    paymaster_data: [],
    nonce_data_availability_mode: 'L1',
    fee_data_availability_mode: 'L1',
  }
  const [measured] = await chain.measure([
    { ...draft, resource_bounds: boundsFor(DEPLOY_USAGE, prices), signature: ['0x0', '0x0'] },
  ])
  const hash = await chain.submit(
    signed({ ...draft, resource_bounds: boundsFor(measured?.usage ?? DEPLOY_USAGE, prices) }),
    'DEPLOY_ACCOUNT',
  )
  const receipt = await chain.receipt(hash)
  if (receipt?.status === 'REVERTED') {
    throw new Error(`The paymaster relayer's deployment reverted: ${receipt.revertReason ?? ''}`)
  }
}
