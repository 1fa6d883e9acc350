// starknet-devnet-style dev methods on the same endpoint, so tests read like devnet tests.
import type { Chain } from '../chain/chain'
import { ETH_ADDRESS, erc20BalanceOf, STRK_ADDRESS } from '../chain/contracts/index'
import { RpcCode, RpcError } from '../chain/errors'
import type { GasPrices } from '../chain/gas'
import type { PredeployedAccount } from '../chain/genesis'
import { bigIntegerOf, exactInteger, type JsonInteger } from './bigJson'
import { devnetConfig, devnetStatus } from './devnetConfig'
import { amountOf, devnetBlock, flag, seconds, strict, unitOf } from './devnetParams'
import { postmanSendMessageToL2 } from './messages'
import type { Method } from './method'
import { felt, invalidParams } from './params'

/** What the dev methods need beyond the chain: the accounts and the way to dump, load and restart. */
export interface DevHost {
  readonly chain: Chain
  readonly accounts: readonly PredeployedAccount[]
  /** The seed the accounts derive from (devnet_getConfig). */
  readonly seed: number
  dump(): unknown
  load(snapshot: unknown): void
  restart(): void
  /** devnet_snapshot: saves the chain in memory, answers the snapshot's id. */
  snapshot?(): number
  /** devnet_revert: back to the snapshot `id`, which goes with every later one. */
  revert?(id: number): void
  /** Writes the chain to the `--state` file now (a change that commits no block, e.g. devnet_setGasPrice). */
  save?(): void
  /** A real mint transaction; one that reverts throws -1 "Minting reverted" with its tx_hash, as devnet does. */
  mint(
    address: bigint,
    amount: bigint,
    unit: 'FRI' | 'WEI',
  ): { new_balance: string; unit: string; tx_hash: string }
}

function createBlock(host: DevHost) {
  return { block_hash: host.chain.closeBlock().hash }
}

// devnet_setGasPrice's fields (starknet-devnet's GasModificationRequest) and the price each sets.
const GAS_FIELDS = {
  gas_price_wei: ['l1Gas', 'wei'],
  data_gas_price_wei: ['l1DataGas', 'wei'],
  gas_price_fri: ['l1Gas', 'fri'],
  data_gas_price_fri: ['l1DataGas', 'fri'],
  l2_gas_price_wei: ['l2Gas', 'wei'],
  l2_gas_price_fri: ['l2Gas', 'fri'],
} as const satisfies Record<string, [keyof GasPrices, 'fri' | 'wei']>
type GasField = keyof typeof GAS_FIELDS
const GAS_NAMES = [...Object.keys(GAS_FIELDS), 'generate_block'] as (GasField | 'generate_block')[]

// A nonzero u128 given as a JSON integer, as devnet's NonZeroU128 takes it (beyond 2^53 read exactly: bigJson.ts).
function gasPrice(v: unknown, name: string): bigint {
  const big = bigIntegerOf(v) ?? (typeof v === 'number' && Number.isInteger(v) ? BigInt(v) : undefined)
  if (big !== undefined && big > 0n && big < 2n ** 128n) return big
  throw invalidParams(`${name}: expected a nonzero u128 integer, got ${JSON.stringify(v)}`)
}

/**
 * devnet_setGasPrice as starknet-devnet answers it: the given prices are for the next block (its header
 * shows them; until it commits, estimates and the pre_confirmed block keep the current ones);
 * `generate_block: true` commits that block now. Answers every price the next block takes, as exact JSON
 * numbers (u128: beyond 2^53 too, as devnet writes them).
 */
function setGasPrice(host: DevHost, p: Record<string, unknown>): Record<GasField, number | JsonInteger> {
  const unknown = Object.keys(p).find((k) => !(GAS_NAMES as string[]).includes(k))
  if (unknown !== undefined)
    throw invalidParams(`unknown field ${unknown}, expected one of ${GAS_NAMES.join(', ')}`)
  if (p.generate_block != null && typeof p.generate_block !== 'boolean')
    throw invalidParams('generate_block must be a boolean')
  const chain = host.chain
  const base = chain.nextGasPrices ?? chain.gasPrices
  const next = { l1Gas: { ...base.l1Gas }, l2Gas: { ...base.l2Gas }, l1DataGas: { ...base.l1DataGas } }
  const given = (Object.keys(GAS_FIELDS) as GasField[]).filter((k) => p[k] != null)
  for (const k of given) {
    const [resource, unit] = GAS_FIELDS[k]
    next[resource][unit] = gasPrice(p[k], k)
  }
  if (given.length > 0) chain.nextGasPrices = next
  if (p.generate_block === true) chain.closeBlock()
  // The committed block's journal entry carries the prices; a change still waiting for its block is saved whole.
  else if (given.length > 0) host.save?.()
  const answer = {} as Record<GasField, number | JsonInteger>
  for (const [k, [resource, unit]] of Object.entries(GAS_FIELDS))
    answer[k as GasField] = exactInteger(next[resource][unit])
  return answer
}

const devnetError = (message: string) => new RpcError(RpcCode.DEVNET_ERROR, undefined, message)

/**
 * devnet_acceptOnL1: the block `starting_block_id` names and every block before it count as accepted on L1
 * (block status, transaction finality, the `l1_accepted` tag). Answers their hashes, newest first.
 */
function acceptOnL1(host: DevHost, p: Record<string, unknown>): { accepted: string[] } {
  const chain = host.chain
  if (p.starting_block_id === undefined) throw invalidParams('starting_block_id is required')
  const { block } = devnetBlock(chain, p.starting_block_id)
  if (block === 'pending') throw devnetError('Pre-confirmed block cannot be accepted on L1')
  if (block.number <= chain.l1AcceptedNumber) throw devnetError('Block already accepted on L1')
  const accepted = chain.blocks.slice(chain.l1AcceptedNumber + 1, block.number + 1).map((b) => b.hash)
  chain.l1AcceptedNumber = block.number
  host.save?.()
  return { accepted: accepted.reverse() }
}

/**
 * devnet_abortBlocks as starknet-devnet answers it: the blocks from `starting_block_id` to the latest are aborted
 * (their transactions forgotten, the state back at the starting block's parent; `pre_confirmed` aborts that block
 * alone), newest first. -1 "No block found" for an unknown block, -1 for the genesis block, -32602 for bad params.
 */
function abortBlocks(host: DevHost, p: Record<string, unknown>): { aborted: string[] } {
  if (p.starting_block_id === undefined) throw invalidParams('starting_block_id is required')
  const { id } = devnetBlock(host.chain, p.starting_block_id)
  return { aborted: [...host.chain.abortBlocks(id).aborted] }
}

/** starknet-devnet dev methods wallet-sim does not serve, and why (-32600, or devnet's own -1 for impersonation). */
const UNSUPPORTED_DEVNET_METHODS: Readonly<Record<string, string>> = {
  impersonateAccount: 'impersonation needs a forked network, and wallet-sim does not fork',
  stopImpersonateAccount: 'impersonation needs a forked network, and wallet-sim does not fork',
  autoImpersonate: 'impersonation needs a forked network, and wallet-sim does not fork',
  stopAutoImpersonate: 'impersonation needs a forked network, and wallet-sim does not fork',
  postmanLoad: 'there is no L1 node to message (devnet_postmanSendMessageToL2 runs a message without one)',
  postmanFlush: 'there is no L1 node to message (devnet_postmanSendMessageToL2 runs a message without one)',
  postmanConsumeMessageFromL2: 'contracts here send no L2 to L1 messages',
  applyStateDiff: 'state is only changed by transactions and the other devnet_* methods here',
}

const unsupported = (name: string, why: string): Method => ({
  names: [],
  run: () => {
    const data = `devnet_${name} is not supported by wallet-sim: ${why}`
    // devnet itself refuses impersonation without a fork with -1 and this message.
    if (name.toLowerCase().includes('impersonate'))
      throw new RpcError(
        RpcCode.DEVNET_ERROR,
        data,
        'Account impersonation is supported when forking mode is enabled.',
      )
    throw new RpcError(RpcCode.INVALID_REQUEST, data)
  },
})

/** The host's snapshots, or -32600 when it keeps none. */
function checkpointsOf(host: DevHost): Required<Pick<DevHost, 'snapshot' | 'revert'>> {
  const { snapshot, revert } = host
  if (!snapshot || !revert) throw new RpcError(RpcCode.INVALID_REQUEST, 'this chain keeps no snapshots')
  return { snapshot: () => snapshot.call(host), revert: (id) => revert.call(host, id) }
}

/** A snapshot id as devnet_snapshot answers it (a positive integer), or as hex as Anvil writes its ids. */
function snapshotId(v: unknown): number {
  const n = typeof v === 'string' && /^0x[0-9a-f]{1,13}$/i.test(v) ? Number(v) : v
  if (typeof n === 'number' && Number.isSafeInteger(n) && n > 0) return n
  throw invalidParams(
    `id: expected a snapshot id from devnet_snapshot (a positive integer), got ${JSON.stringify(v)}`,
  )
}

// devnet_getAccountBalance reads `latest` unless told otherwise (as devnet).
const balanceOf = (c: Chain, blockIdParam: unknown, token: bigint, address: bigint) =>
  erc20BalanceOf(c.stateAt(devnetBlock(c, blockIdParam).id), token, address).toString()

/** The `devnet_*` methods (params by name; a field a method does not name is -32602, as on devnet). */
export const devnetMethods = (host: DevHost): Record<string, Method> => ({
  ...Object.fromEntries(
    Object.entries(UNSUPPORTED_DEVNET_METHODS).map(([n, why]) => [n, unsupported(n, why)]),
  ),
  ...Object.fromEntries(Object.entries(supported(host)).map(([n, m]) => [n, strict(m)])),
})

const supported = (host: DevHost): Record<string, Method> => ({
  postmanSendMessageToL2,
  setGasPrice: { names: GAS_NAMES, run: (_c, p) => setGasPrice(host, p) },
  acceptOnL1: { names: ['starting_block_id'], run: (_c, p) => acceptOnL1(host, p) },
  abortBlocks: { names: ['starting_block_id'], run: (_c, p) => abortBlocks(host, p) },
  getPredeployedAccounts: {
    names: ['with_balance'],
    run: (c, p) => {
      const withBalance = flag(p.with_balance, 'with_balance')
      // devnet answers `balance: null` when not asked for it, and reads balances at pre_confirmed.
      const balance = (address: string) =>
        withBalance
          ? {
              eth: { amount: balanceOf(c, 'pre_confirmed', ETH_ADDRESS, BigInt(address)), unit: 'WEI' },
              strk: { amount: balanceOf(c, 'pre_confirmed', STRK_ADDRESS, BigInt(address)), unit: 'FRI' },
            }
          : null
      return host.accounts.map((a) => ({ ...a, balance: balance(a.address) }))
    },
  },
  mint: {
    names: ['address', 'amount', 'unit'],
    run: (_c, p) => {
      const address = felt(p.address, 'address')
      const amount = amountOf(p.amount)
      return host.mint(address, amount, unitOf(p.unit))
    },
  },
  getAccountBalance: {
    names: ['address', 'unit', 'block_id'],
    run: (c, p) => {
      const unit = unitOf(p.unit)
      const token = unit === 'WEI' ? ETH_ADDRESS : STRK_ADDRESS
      return { amount: balanceOf(c, p.block_id ?? 'latest', token, felt(p.address, 'address')), unit }
    },
  },
  createBlock: { names: [], run: () => createBlock(host) },
  setTime: {
    names: ['time', 'generate_block'],
    run: (c, p) => {
      const time = seconds(p.time)
      // devnet's generate_block defaults to true: the new time is in a block at once.
      const generate = p.generate_block == null ? true : flag(p.generate_block, 'generate_block')
      c.setTime(time)
      if (generate) return { block_timestamp: time, block_hash: createBlock(host).block_hash }
      return { block_timestamp: time, block_hash: null }
    },
  },
  increaseTime: {
    names: ['time'],
    run: (c, p) => {
      const time = seconds(p.time)
      c.increaseTime(time)
      return { timestamp_increased_by: time, block_hash: c.closeBlock().hash }
    },
  },
  getStatus: { names: [], run: (c, _p, v) => devnetStatus(c, v) },
  dump: { names: [], run: () => host.dump() },
  load: {
    names: ['snapshot', 'path'],
    run: (_c, p) => {
      if (p.path !== undefined)
        throw invalidParams('devnet_load takes {snapshot} here (a devnet_dump answer), not a path')
      if (!p.snapshot || typeof p.snapshot !== 'object')
        throw invalidParams('snapshot (from devnet_dump) is required')
      host.load(p.snapshot)
      return {}
    },
  },
  snapshot: { names: [], run: () => ({ id: checkpointsOf(host).snapshot() }) },
  revert: {
    names: ['id'],
    run: (_c, p) => {
      const id = snapshotId(p.id)
      checkpointsOf(host).revert(id)
      return { id, block_number: host.chain.latest.number, block_hash: host.chain.latest.hash }
    },
  },
  restart: {
    names: [],
    run: () => {
      host.restart()
      return {}
    },
  },
  getConfig: { names: [], run: (c) => devnetConfig(c, host) },
})

export { RpcCode, RpcError }
