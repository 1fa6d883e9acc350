// starknet-devnet-style dev methods on the same endpoint, so tests read like devnet tests.
import type { Chain } from '../chain/chain'
import { ETH_ADDRESS, erc20BalanceOf, STRK_ADDRESS } from '../chain/contracts/index'
import { RpcCode, RpcError } from '../chain/errors'
import { toHex } from '../chain/felt'
import type { GasPrices } from '../chain/gas'
import type { PredeployedAccount } from '../chain/genesis'
import { bigIntegerOf } from './big-json'
import { postmanSendMessageToL2 } from './messages'
import { blockId, felt, invalidParams } from './params'
import type { Method } from './starknet-methods'

/** What the dev methods need beyond the chain: the accounts and the way to dump, load and restart. */
export interface DevHost {
  readonly chain: Chain
  readonly accounts: readonly PredeployedAccount[]
  dump(): unknown
  load(snapshot: unknown): void
  restart(): void
  /** Writes the chain to the `--state` file now (a change that commits no block, e.g. devnet_setGasPrice). */
  save?(): void
  mint(
    address: bigint,
    amount: bigint,
    unit: 'FRI' | 'WEI',
  ): { new_balance: string; unit: string; tx_hash: string }
}

const amountOf = (v: unknown): bigint => {
  // A JSON number of any size, as starknet-devnet takes it (beyond 2^53 read exactly: big-json.ts).
  const big = bigIntegerOf(v)
  if (big !== undefined && big >= 0n) return big
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v)
  if (typeof v === 'string' && /^(0x[0-9a-fA-F]+|\d+)$/.test(v)) return BigInt(v)
  throw invalidParams('amount must be a non-negative integer')
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

// A nonzero u128 given as a JSON integer, as devnet's NonZeroU128 takes it.
function gasPrice(v: unknown, name: string): bigint {
  if (typeof v === 'number' && Number.isInteger(v) && v > 0 && v < 2 ** 128) return BigInt(v)
  throw invalidParams(`${name}: expected a nonzero u128 integer, got ${JSON.stringify(v)}`)
}

/**
 * devnet_setGasPrice as starknet-devnet answers it: the given prices are for the next block (its header
 * shows them; until it commits, estimates and the pre_confirmed block keep the current ones);
 * `generate_block: true` commits that block now. Answers every price the next block takes, as numbers.
 */
function setGasPrice(host: DevHost, p: Record<string, unknown>): Record<GasField, number> {
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
  const answer = {} as Record<GasField, number>
  for (const [k, [resource, unit]] of Object.entries(GAS_FIELDS))
    answer[k as GasField] = Number(next[resource][unit])
  return answer
}

/**
 * devnet_acceptOnL1: the block `starting_block_id` names and every block before it count as accepted on L1
 * (block status, transaction finality, the `l1_accepted` tag). Answers their hashes, newest first.
 */
function acceptOnL1(host: DevHost, p: Record<string, unknown>): { accepted: string[] } {
  const chain = host.chain
  const block = chain.resolveBlock(blockId(p.starting_block_id))
  if (block === 'pending')
    throw invalidParams('starting_block_id: a pre_confirmed block cannot be accepted on L1')
  if (block.number <= chain.l1AcceptedNumber)
    throw invalidParams(`starting_block_id: block ${block.number} is already accepted on L1`)
  const accepted = chain.blocks.slice(chain.l1AcceptedNumber + 1, block.number + 1).map((b) => b.hash)
  chain.l1AcceptedNumber = block.number
  host.save?.()
  return { accepted: accepted.reverse() }
}

/**
 * devnet_abortBlocks as starknet-devnet answers it: the blocks from `starting_block_id` to the latest are aborted
 * (their transactions forgotten, the state back at the starting block's parent; `pre_confirmed` aborts that block
 * alone), newest first. 24 for an unknown block, -32602 for the genesis block, a block on L1, or bad params.
 */
function abortBlocks(host: DevHost, p: Record<string, unknown>): { aborted: string[] } {
  const unknown = Object.keys(p).find((k) => k !== 'starting_block_id')
  if (unknown !== undefined) throw invalidParams(`unknown field ${unknown}, expected starting_block_id`)
  if (p.starting_block_id === undefined) throw invalidParams('starting_block_id is required')
  return { aborted: [...host.chain.abortBlocks(blockId(p.starting_block_id)).aborted] }
}

/** starknet-devnet dev methods wallet-sim does not serve, and why (answered -32600 like devnet's unsupported actions). */
const UNSUPPORTED_DEVNET_METHODS: Readonly<Record<string, string>> = {
  impersonateAccount: 'impersonation needs a forked network, and wallet-sim does not fork',
  stopImpersonateAccount: 'impersonation needs a forked network, and wallet-sim does not fork',
  autoImpersonate: 'impersonation needs a forked network, and wallet-sim does not fork',
  stopAutoImpersonate: 'impersonation needs a forked network, and wallet-sim does not fork',
  postmanLoad: 'there is no L1 node to message (devnet_postmanSendMessageToL2 runs a message without one)',
  postmanFlush: 'there is no L1 node to message (devnet_postmanSendMessageToL2 runs a message without one)',
  postmanConsumeMessageFromL2: 'contracts here send no L2 to L1 messages',
}

const unsupported = (name: string, why: string): Method => ({
  names: [],
  run: () => {
    throw new RpcError(RpcCode.INVALID_REQUEST, `devnet_${name} is not supported by wallet-sim: ${why}`)
  },
})

/** The `devnet_*` methods (params by name). */
export const devnetMethods = (host: DevHost): Record<string, Method> => ({
  ...Object.fromEntries(
    Object.entries(UNSUPPORTED_DEVNET_METHODS).map(([n, why]) => [n, unsupported(n, why)]),
  ),
  postmanSendMessageToL2,
  setGasPrice: { names: GAS_NAMES, run: (_c, p) => setGasPrice(host, p) },
  acceptOnL1: { names: ['starting_block_id'], run: (_c, p) => acceptOnL1(host, p) },
  abortBlocks: { names: ['starting_block_id'], run: (_c, p) => abortBlocks(host, p) },
  getPredeployedAccounts: {
    names: ['with_balance'],
    run: (c, p) =>
      host.accounts.map((a) => ({
        ...a,
        ...(p.with_balance
          ? {
              balance: {
                eth: {
                  amount: erc20BalanceOf(c.pending, ETH_ADDRESS, BigInt(a.address)).toString(),
                  unit: 'WEI',
                },
                strk: {
                  amount: erc20BalanceOf(c.pending, STRK_ADDRESS, BigInt(a.address)).toString(),
                  unit: 'FRI',
                },
              },
            }
          : {}),
      })),
  },
  mint: {
    names: ['address', 'amount', 'unit'],
    run: (_c, p) => {
      const unit = p.unit ?? 'FRI'
      if (unit !== 'FRI' && unit !== 'WEI') throw invalidParams('unit must be FRI or WEI')
      return host.mint(felt(p.address, 'address'), amountOf(p.amount), unit)
    },
  },
  getAccountBalance: {
    names: ['address', 'unit', 'block_id'],
    run: (c, p) => {
      const unit = p.unit ?? 'FRI'
      const token = unit === 'WEI' ? ETH_ADDRESS : STRK_ADDRESS
      return { amount: erc20BalanceOf(c.pending, token, felt(p.address, 'address')).toString(), unit }
    },
  },
  createBlock: { names: [], run: () => createBlock(host) },
  setTime: {
    names: ['time', 'generate_block'],
    run: (c, p) => {
      if (typeof p.time !== 'number' || !Number.isInteger(p.time) || p.time < 0) throw invalidParams('time')
      c.setTime(p.time)
      if (p.generate_block) return { block_timestamp: p.time, block_hash: createBlock(host).block_hash }
      return { block_timestamp: p.time }
    },
  },
  increaseTime: {
    names: ['time'],
    run: (c, p) => {
      if (typeof p.time !== 'number' || !Number.isInteger(p.time) || p.time < 0) throw invalidParams('time')
      c.increaseTime(p.time)
      const block = c.closeBlock()
      return { timestamp_increased_by: p.time, block_hash: block.hash }
    },
  },
  dump: { names: [], run: () => host.dump() },
  load: {
    names: ['snapshot'],
    run: (_c, p) => {
      if (!p.snapshot || typeof p.snapshot !== 'object')
        throw invalidParams('snapshot (from devnet_dump) is required')
      host.load(p.snapshot)
      return null
    },
  },
  restart: {
    names: [],
    run: () => {
      host.restart()
      return null
    },
  },
  getConfig: {
    names: [],
    run: (c) => ({
      chain_id: toHex(c.chainId),
      block_time_ms: c.blockTime,
      gas_price_fri: c.gasPrices.l1Gas.fri.toString(),
      l2_gas_price_fri: c.gasPrices.l2Gas.fri.toString(),
      data_gas_price_fri: c.gasPrices.l1DataGas.fri.toString(),
    }),
  },
})

export { RpcCode, RpcError }
