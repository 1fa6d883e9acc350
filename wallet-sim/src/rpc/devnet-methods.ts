// starknet-devnet-style dev methods on the same endpoint, so tests read like devnet tests.
import type { Chain } from '../chain/chain'
import { ETH_ADDRESS, erc20BalanceOf, STRK_ADDRESS } from '../chain/contracts/index'
import { RpcCode, RpcError } from '../chain/errors'
import { toHex } from '../chain/felt'
import type { PredeployedAccount } from '../chain/genesis'
import { felt, invalidParams } from './params'
import type { Method } from './starknet-methods'

/** What the dev methods need beyond the chain: the accounts and the way to dump, load and restart. */
export interface DevHost {
  readonly chain: Chain
  readonly accounts: readonly PredeployedAccount[]
  dump(): unknown
  load(snapshot: unknown): void
  restart(): void
  mint(
    address: bigint,
    amount: bigint,
    unit: 'FRI' | 'WEI',
  ): { new_balance: string; unit: string; tx_hash: string }
}

const amountOf = (v: unknown): bigint => {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v)
  if (typeof v === 'string' && /^(0x[0-9a-fA-F]+|\d+)$/.test(v)) return BigInt(v)
  throw invalidParams('amount must be a non-negative integer')
}

function createBlock(host: DevHost) {
  return { block_hash: host.chain.closeBlock().hash }
}

/** The `devnet_*` methods (params by name). */
export const devnetMethods = (host: DevHost): Record<string, Method> => ({
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
      c.timeOffset += p.time
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
