// devnet_getConfig and devnet_getStatus in starknet-devnet 0.10.1's shape (field names, types: prices as
// numbers, the chain id as its name), with wallet-sim's values. Fields that only describe devnet's own
// machinery (dump_on/dump_path, class size limits, server_config) are left out rather than made up.
import type { Chain } from '../chain/chain'
import { ERC20_CLASS_HASH, OZ_ACCOUNT_CLASS_HASH } from '../chain/contracts/index'
import { decodeShortString, toHex } from '../chain/felt'
import type { PredeployedAccount } from '../chain/genesis'
import { exactInteger } from './bigJson'

/** The starknet-devnet release whose dev API wallet-sim answers like (devnet_getStatus' devnet_version). */
export const DEVNET_API_VERSION = '0.10.1'

const chainName = (chain: Chain) => decodeShortString(chain.chainId) ?? toHex(chain.chainId)

/**
 * devnet_getConfig. Gas prices are the current ones (starknet-devnet shows the ones it started with, even
 * after devnet_setGasPrice); `block_time_ms` is wallet-sim's own (`--block-time`).
 * @example devnetConfig(chain, { seed: 0, accounts }).block_generation_on // 'transaction'
 */
export function devnetConfig(
  chain: Chain,
  host: { readonly seed: number; readonly accounts: readonly PredeployedAccount[] },
) {
  const prices = chain.gasPrices
  const seconds = chain.blockTime / 1000
  return {
    seed: host.seed,
    total_accounts: host.accounts.length,
    account_contract_class_hash: toHex(OZ_ACCOUNT_CLASS_HASH),
    predeployed_accounts_initial_balance: host.accounts[0]?.initial_balance ?? '0',
    start_time: null,
    gas_price_wei: exactInteger(prices.l1Gas.wei),
    gas_price_fri: exactInteger(prices.l1Gas.fri),
    data_gas_price_wei: exactInteger(prices.l1DataGas.wei),
    data_gas_price_fri: exactInteger(prices.l1DataGas.fri),
    l2_gas_price_wei: exactInteger(prices.l2Gas.wei),
    l2_gas_price_fri: exactInteger(prices.l2Gas.fri),
    chain_id: chainName(chain),
    block_generation_on: chain.blockTime === 0 ? 'transaction' : { interval: seconds },
    block_time_ms: chain.blockTime,
    lite_mode: false,
    // Every block's state stays readable (starknet-devnet's --state-archive-capacity full).
    state_archive: 'full',
    fork_config: { url: null, block_number: null, caching_enabled: null },
    eth_erc20_class_hash: toHex(ERC20_CLASS_HASH),
    strk_erc20_class_hash: toHex(ERC20_CLASS_HASH),
  }
}

/**
 * devnet_getStatus: blocks (the genesis one included), transactions, and the RPC version of the endpoint asked.
 * @example devnetStatus(chain, '0.10').block_count // 1 on a fresh chain
 */
export function devnetStatus(chain: Chain, v: string) {
  return {
    block_count: chain.blocks.length,
    transaction_count: chain.txs.size,
    pre_confirmed_tx_count: chain.pendingTxs.length,
    chain_id: chainName(chain),
    protocol_version: v === '0.10' ? '0.10.0' : '0.9.0',
    devnet_version: DEVNET_API_VERSION,
    is_forked: false,
    impersonated_accounts: [],
    auto_impersonate: false,
  }
}
