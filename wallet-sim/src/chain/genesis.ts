// Genesis: the predeployed contracts (fee tokens, a demo token, UDC, demo counter, multicall) and
// funded owner-key dev accounts, the same as starknet-devnet's for the same seed, committed as block 0.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Point } from '@scure/starknet'
import { Chain, type ChainOptions } from './chain'
import type { Felt } from './contract'
import {
  COUNTER_ADDRESS,
  COUNTER_CLASS_HASH,
  DYNAMIC_MULTICALL_ADDRESS,
  DYNAMIC_MULTICALL_CLASS_HASH,
  ERC20_CLASS_HASH,
  Erc20Storage,
  ETH_ADDRESS,
  erc20Mint,
  LEGACY_UDC_ADDRESS,
  MULTICALL_ADDRESS,
  MULTICALL_CLASS_HASH,
  OZ_ACCOUNT_CLASS_HASH,
  rememberBalanceSlot,
  STARKNET_ID_IDENTITY_ADDRESS,
  STARKNET_ID_IDENTITY_CLASS_HASH,
  STARKNET_ID_NAMING_ADDRESS,
  STARKNET_ID_NAMING_CLASS_HASH,
  STRK_ADDRESS,
  UDC_ADDRESS,
  UDC_CLASS_HASH,
} from './contracts/index'
import { devnetAccountKeys } from './devnetKeys'
import { Execution } from './execute'
import { contractAddress, selectorOf, shortString, toAddress, toHex } from './felt'
import { GasMeter } from './gas'
import { poseidonHashMany } from './poseidon'
import { starkPublicKey } from './signature'
import type { State } from './state'

/** A demo ERC-20 ('Demo Token', DEMO, 18 decimals) for portfolio and session tests. */
export const DEMO_TOKEN_ADDRESS = 0x00de000000000000000000000000000000000000000000000000000000000001n

/**
 * A funded account of the genesis block, as starknet-devnet lists it (`devnet_getPredeployedAccounts`).
 * @example const [dev] = sim.accounts; new Account({ provider, address: dev.address, signer: dev.private_key })
 */
export interface PredeployedAccount {
  readonly address: string
  readonly public_key: string
  readonly private_key: string
  /** Initial balance of each fee token, decimal string (devnet style). */
  readonly initial_balance: string
}

export interface GenesisOptions extends ChainOptions {
  /** Seed of the dev-account keys (default 0). */
  readonly seed?: number
  /** Number of predeployed accounts (default 10). */
  readonly accounts?: number
  /** Initial balance per account and token, in the token's smallest unit (default 10^21 = 1000 tokens). */
  readonly initialBalance?: bigint
  /**
   * OpenZeppelin accounts deployed in block 0 but not listed with the predeployed ones (nor in
   * devnet_getPredeployedAccounts): salt and calldata their public key, funded with `strk` STRK. The
   * paymaster's relayer, whose key is the instance's own.
   */
  readonly unlistedAccounts?: readonly { readonly publicKey: Felt; readonly strk: bigint }[]
  /**
   * The key of the minter behind devnet_mint (allowed `permissioned_mint` on the tokens). Default: derived
   * from the seed, which anyone can compute; wallet-sim gives each instance a random one (app.ts).
   */
  readonly minterPrivateKey?: Felt
}

const ORDER = Point.Fn.ORDER

/**
 * A Stark private key of wallet-sim's own, derived from `seed` and `index` (the minter, benchmark accounts);
 * the predeployed dev accounts take devnet's keys instead (`devnetAccountKeys`).
 * @example seededKey(0, 1_000_000) // the minter's key for seed 0
 */
export function seededKey(seed: number, index: number): Felt {
  return (poseidonHashMany([shortString('wallet-sim'), BigInt(seed), BigInt(index)]) % (ORDER - 1n)) + 1n
}

/**
 * The class hash starknet-devnet puts into its predeployed accounts' addresses (salt 20, deployer 0, calldata
 * [public key]); the class deployed there is OpenZeppelin 1.0.0 (OZ_ACCOUNT_CLASS_HASH) all the same.
 */
export const DEVNET_ADDRESS_CLASS_HASH = 0x3fcbf77b28c96f4f2fb5bd2d176ab083a12a5e123adeb0de955d7ee228c9854n
const DEVNET_ACCOUNT_SALT = 20n

export interface DerivedAccount {
  readonly privateKey: Felt
  readonly publicKey: Felt
  readonly address: Felt
  readonly balanceSlot: Felt
}

const withKey = (privateKey: Felt, address: (publicKey: Felt) => Felt): DerivedAccount => {
  const publicKey = starkPublicKey(privateKey)
  const at = address(publicKey)
  return { privateKey, publicKey, address: at, balanceSlot: Erc20Storage.balance(at) }
}

/**
 * The dev account of a private key, at the address starknet-devnet gives it.
 * @example devnetAccount(0x71d7bb07b9a64f6f78ac4c816aff4da9n).address // 0x64b48806…15691n
 */
export const devnetAccount = (privateKey: Felt): DerivedAccount =>
  withKey(privateKey, (pub) => contractAddress(DEVNET_ACCOUNT_SALT, DEVNET_ADDRESS_CLASS_HASH, [pub], 0n))

/** Index of the minter's key among the seed's `seededKey` derivations. */
const MINTER_INDEX = 1_000_000

/** wallet-sim's minter (devnet mints from a chargeable account of its own instead). */
const deriveMinter = (seed: number) =>
  withKey(seededKey(seed, MINTER_INDEX), (pub) => contractAddress(pub, OZ_ACCOUNT_CLASS_HASH, [pub], 0n))

// Deriving a dev account costs ~10 ms of curve and Pedersen work; the results only depend on the seed,
// so they are cached in the OS temp directory and startup stays well under a second.
const cacheFile = (seed: number) => join(tmpdir(), 'wallet-sim', `dev-accounts-v3-${seed}.json`)

type Row = string[]
const fromRow = ([privateKey, publicKey, address, balanceSlot]: Row): DerivedAccount => ({
  privateKey: BigInt(privateKey!),
  publicKey: BigInt(publicKey!),
  address: BigInt(address!),
  balanceSlot: BigInt(balanceSlot!),
})
const toRow = (d: DerivedAccount): Row => [d.privateKey, d.publicKey, d.address, d.balanceSlot].map(toHex)

/** The first `count` dev accounts and the minter of a seed, from the cache when it has them. */
function derivedAccounts(
  seed: number,
  count: number,
): { accounts: DerivedAccount[]; minter: DerivedAccount } {
  let cached: { accounts: Row[]; minter?: Row } = { accounts: [] }
  try {
    cached = JSON.parse(readFileSync(cacheFile(seed), 'utf8')) as typeof cached
  } catch {
    cached = { accounts: [] }
  }
  const accounts = cached.accounts.map(fromRow)
  const fresh = accounts.length < count || !cached.minter
  if (accounts.length < count)
    for (const key of devnetAccountKeys(seed, count).slice(accounts.length)) accounts.push(devnetAccount(key))
  const minter = cached.minter ? fromRow(cached.minter) : deriveMinter(seed)
  if (fresh) {
    try {
      const file = cacheFile(seed)
      mkdirSync(dirname(file), { recursive: true })
      const tmp = `${file}.${process.pid}.tmp`
      writeFileSync(tmp, JSON.stringify({ accounts: accounts.map(toRow), minter: toRow(minter) }), {
        mode: 0o600,
      })
      renameSync(tmp, file)
    } catch {
      // A read-only temp directory only costs startup time.
    }
  }
  return { accounts: accounts.slice(0, count), minter }
}

function deployAt(state: State, chain: Chain, address: Felt, classHash: Felt, calldata: Felt[]): void {
  const zero = { maxAmount: 0n, maxPricePerUnit: 0n }
  const exec = new Execution(
    state,
    {
      hash: 0n,
      version: 3n,
      accountAddress: 0n,
      signature: [],
      nonce: 0n,
      chainId: chain.chainId,
      tip: 0n,
      resourceBounds: { l1Gas: zero, l2Gas: zero, l1DataGas: zero },
      paymasterData: [],
      accountDeploymentData: [],
      nonceDataAvailabilityMode: 0,
      feeDataAvailabilityMode: 0,
    },
    chain.pendingBlockInfo(),
    new GasMeter(),
  )
  state.setClassHash(address, classHash)
  exec.call({ to: address, selector: selectorOf('constructor'), calldata }, 0n, 'CONSTRUCTOR')
}

/** The account behind devnet_mint: allowed to call `permissioned_mint` on the tokens. */
export interface Minter {
  readonly address: string
  readonly private_key: string
}

/**
 * A chain with the predeployed contracts and `accounts` funded dev accounts in block 0.
 * @example
 * const { chain, accounts } = createChain({ seed: 42 })
 * accounts[0].address // '0x…'
 */
export function createChain(options: GenesisOptions = {}): {
  chain: Chain
  accounts: PredeployedAccount[]
  minter: Minter
} {
  const chain = new Chain(options)
  const state = chain.pending
  const token = (address: Felt, name: string, symbol: string) =>
    deployAt(state, chain, address, ERC20_CLASS_HASH, [
      shortString(name),
      shortString(symbol),
      18n,
      0n,
      0n,
      0n,
    ])
  token(STRK_ADDRESS, 'Starknet Token', 'STRK')
  token(ETH_ADDRESS, 'Ether', 'ETH')
  token(DEMO_TOKEN_ADDRESS, 'Demo Token', 'DEMO')
  deployAt(state, chain, UDC_ADDRESS, UDC_CLASS_HASH, [])
  deployAt(state, chain, LEGACY_UDC_ADDRESS, UDC_CLASS_HASH, [])
  deployAt(state, chain, COUNTER_ADDRESS, COUNTER_CLASS_HASH, [])
  deployAt(state, chain, MULTICALL_ADDRESS, MULTICALL_CLASS_HASH, [])
  deployAt(state, chain, DYNAMIC_MULTICALL_ADDRESS, DYNAMIC_MULTICALL_CLASS_HASH, [])
  deployAt(state, chain, STARKNET_ID_NAMING_ADDRESS, STARKNET_ID_NAMING_CLASS_HASH, [])
  deployAt(state, chain, STARKNET_ID_IDENTITY_ADDRESS, STARKNET_ID_IDENTITY_CLASS_HASH, [])
  const balance = options.initialBalance ?? 10n ** 21n
  const accounts: PredeployedAccount[] = []
  const derived = derivedAccounts(options.seed ?? 0, options.accounts ?? 10)
  for (const d of derived.accounts) {
    rememberBalanceSlot(d.address, d.balanceSlot)
    deployAt(state, chain, d.address, OZ_ACCOUNT_CLASS_HASH, [d.publicKey])
    for (const t of [STRK_ADDRESS, ETH_ADDRESS, DEMO_TOKEN_ADDRESS]) erc20Mint(state, t, d.address, balance)
    accounts.push({
      address: toAddress(d.address),
      public_key: toHex(d.publicKey),
      private_key: toHex(d.privateKey),
      initial_balance: balance.toString(),
    })
  }
  for (const { publicKey, strk } of options.unlistedAccounts ?? []) {
    const address = contractAddress(publicKey, OZ_ACCOUNT_CLASS_HASH, [publicKey], 0n)
    deployAt(state, chain, address, OZ_ACCOUNT_CLASS_HASH, [publicKey])
    erc20Mint(state, STRK_ADDRESS, address, strk)
  }
  const minter =
    options.minterPrivateKey === undefined
      ? derived.minter
      : withKey(options.minterPrivateKey, (pub) => contractAddress(pub, OZ_ACCOUNT_CLASS_HASH, [pub], 0n))
  rememberBalanceSlot(minter.address, minter.balanceSlot)
  deployAt(state, chain, minter.address, OZ_ACCOUNT_CLASS_HASH, [minter.publicKey])
  erc20Mint(state, STRK_ADDRESS, minter.address, 10n ** 30n)
  for (const t of [STRK_ADDRESS, ETH_ADDRESS, DEMO_TOKEN_ADDRESS]) {
    state.setStorage(t, Erc20Storage.minter(), minter.address)
  }
  chain.closeBlock()
  return {
    chain,
    accounts,
    minter: { address: toAddress(minter.address), private_key: toHex(minter.privateKey) },
  }
}
