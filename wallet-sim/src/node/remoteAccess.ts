// ChainAccess over a Starknet JSON-RPC 0.9/0.10 node (see remote.ts, which connects): reads, simulation and
// writes through standard methods; funding and time travel through devnet's, refused with UnsupportedByNode
// where the node has none of them.
import { ETH_ADDRESS, STRK_ADDRESS } from '../chain/contracts/erc20'
import { RpcCode, RpcError } from '../chain/errors'
import { selectorOf, toHex } from '../chain/felt'
import type { PredeployedAccount } from '../chain/genesis'
import type { ChainAccess, FriPrices, Measured } from './access'
import { UnsupportedByNode } from './access'
import { receiptView } from './builtin'
import type { RpcRequest } from './rpcClient'

export interface RemoteOptions {
  chainId: bigint
  accounts: readonly PredeployedAccount[]
  receiptTimeoutMs: number
}

const BALANCE_OF = selectorOf('balance_of')

/**
 * The chain as the node at `request` holds it.
 *
 * @example
 * const access = remoteAccess(rpcClient(url), { chainId, accounts: [], receiptTimeoutMs: 60_000 })
 */
export function remoteAccess(request: RpcRequest, options: RemoteOptions): ChainAccess {
  const call = remoteCall(request)
  const receipt = remoteReceipt(request)
  return {
    kind: 'node',
    chainId: () => options.chainId,
    ...remoteClock(request),
    ...stateReads(request, call),
    call,
    gasPrices: async (): Promise<FriPrices> => {
      const block = await latestBlock(request)
      return {
        l1Gas: BigInt(block.l1_gas_price?.price_in_fri ?? '0x0'),
        l2Gas: BigInt(block.l2_gas_price?.price_in_fri ?? '0x0'),
        l1DataGas: BigInt(block.l1_data_gas_price?.price_in_fri ?? '0x0'),
      }
    },
    measure: async (txs) => {
      const simulated = await request<SimulatedTransaction[]>('starknet_simulateTransactions', {
        block_id: 'pre_confirmed',
        transactions: txs,
        simulation_flags: ['SKIP_VALIDATE', 'SKIP_FEE_CHARGE'],
      })
      return simulated.map(measuredOf)
    },
    submit: async (tx, type) => {
      const answer =
        type === 'INVOKE'
          ? await request<{ transaction_hash: string }>('starknet_addInvokeTransaction', {
              invoke_transaction: tx,
            })
          : await request<{ transaction_hash: string }>('starknet_addDeployAccountTransaction', {
              deploy_account_transaction: tx,
            })
      const hash = BigInt(answer.transaction_hash)
      await waitForReceipt(receipt, hash, options.receiptTimeoutMs)
      return hash
    },
    receipt,
    mint: async (address, token, amount) => {
      const unit = token === STRK_ADDRESS ? 'FRI' : token === ETH_ADDRESS ? 'WEI' : undefined
      if (unit === undefined) return // the node has no such token (e.g. the built-in chain's DEMO)
      await devMethod(request, 'devnet_mint', { address: toHex(address), amount, unit }, 'Funding an account')
    },
    predeployedAccounts: () => options.accounts,
  }
}

/** A devnet method; a node without it refuses with UnsupportedByNode, naming what needed it. */
async function devMethod(request: RpcRequest, method: string, params: unknown, what: string): Promise<void> {
  try {
    await request(method, params)
  } catch (error) {
    if (error instanceof RpcError && error.code === RpcCode.METHOD_NOT_FOUND) {
      throw new UnsupportedByNode(
        `The node has no ${method}: ${what} needs a devnet (starknet-devnet, Katana)`,
      )
    }
    throw error
  }
}

const notFound = (error: unknown, code: number) => error instanceof RpcError && error.code === code

const latestBlock = (request: RpcRequest) =>
  request<{ timestamp: number } & Record<string, { price_in_fri: string }>>('starknet_getBlockWithTxHashes', {
    block_id: 'latest',
  })

function remoteCall(request: RpcRequest): ChainAccess['call'] {
  return async (c, block = 'latest') => {
    const result = await request<string[]>('starknet_call', {
      request: {
        contract_address: toHex(c.to),
        entry_point_selector: toHex(c.selector),
        calldata: c.calldata.map(toHex),
      },
      block_id: block,
    })
    return result.map((felt) => BigInt(felt))
  }
}

function remoteReceipt(request: RpcRequest): ChainAccess['receipt'] {
  return async (hash) => {
    try {
      return receiptView(await request('starknet_getTransactionReceipt', { transaction_hash: toHex(hash) }))
    } catch (error) {
      if (notFound(error, RpcCode.TXN_HASH_NOT_FOUND)) return undefined
      throw error
    }
  }
}

/** The node's clock, and time travel through devnet's methods. */
function remoteClock(request: RpcRequest): Pick<ChainAccess, 'now' | 'clockMs' | 'setTime' | 'increaseTime'> {
  // The block the next transaction joins: its timestamp is what the transaction's checks read.
  const pendingTimestamp = async () => {
    try {
      const block = await request<{ timestamp: number }>('starknet_getBlockWithTxHashes', {
        block_id: 'pre_confirmed',
      })
      return Number(block.timestamp)
    } catch (error) {
      // A node without a pre_confirmed block (none being built): the next block follows the latest.
      if (!(error instanceof RpcError)) throw error
      return Number((await latestBlock(request)).timestamp)
    }
  }
  let offsetMs = 0
  const now = async () => {
    const timestamp = await pendingTimestamp()
    // The node's clock runs ahead of the wall clock after time travel: remember by how much.
    offsetMs = Math.max(0, timestamp * 1000 - Date.now())
    return timestamp
  }
  const travel = async (method: string, params: unknown) => {
    await devMethod(request, method, params, 'Time travel')
    await now()
  }
  return {
    now,
    clockMs: () => Date.now() + offsetMs,
    setTime: (seconds) => travel('devnet_setTime', { time: seconds, generate_block: true }),
    increaseTime: (seconds) => travel('devnet_increaseTime', { time: seconds }),
  }
}

/** A contract's class hash, nonce and token balances on the pre_confirmed state (0 for what is not there). */
function stateReads(
  request: RpcRequest,
  call: ChainAccess['call'],
): Pick<ChainAccess, 'classHashAt' | 'nonceOf' | 'balanceOf'> {
  const contractFelt = async (method: string, address: bigint) => {
    try {
      return BigInt(
        await request<string>(method, { block_id: 'pre_confirmed', contract_address: toHex(address) }),
      )
    } catch (error) {
      if (notFound(error, RpcCode.CONTRACT_NOT_FOUND)) return 0n
      throw error
    }
  }
  return {
    classHashAt: (address) => contractFelt('starknet_getClassHashAt', address),
    nonceOf: (address) => contractFelt('starknet_getNonce', address),
    balanceOf: async (token, address) => {
      try {
        const [low = 0n, high = 0n] = await call(
          { to: token, selector: BALANCE_OF, calldata: [address] },
          'pre_confirmed',
        )
        return low + (high << 128n)
      } catch (error) {
        // A token the node does not have (the built-in chain's DEMO): nothing held.
        if (notFound(error, RpcCode.CONTRACT_NOT_FOUND)) return 0n
        throw error
      }
    },
  }
}

interface SimulatedTransaction {
  transaction_trace: {
    execute_invocation?: { revert_reason?: string }
  }
  fee_estimation: { l1_gas_consumed: string; l2_gas_consumed: string; l1_data_gas_consumed: string }
}

function measuredOf({ transaction_trace: trace, fee_estimation: fee }: SimulatedTransaction): Measured {
  const revertReason = trace.execute_invocation?.revert_reason
  return {
    usage: {
      l1Gas: BigInt(fee.l1_gas_consumed),
      l2Gas: BigInt(fee.l2_gas_consumed),
      l1DataGas: BigInt(fee.l1_data_gas_consumed),
    },
    reverted: revertReason !== undefined,
    ...(revertReason === undefined ? {} : { revertReason }),
  }
}

/** A submitted transaction is in a block (or pre_confirmed) before wallet-sim answers, as on the built-in chain. */
async function waitForReceipt(
  receipt: ChainAccess['receipt'],
  hash: bigint,
  timeoutMs: number,
): Promise<void> {
  const until = Date.now() + timeoutMs
  for (let delay = 20; ; delay = Math.min(delay * 2, 1000)) {
    if ((await receipt(hash)) !== undefined) return
    if (Date.now() > until)
      throw new RpcError(RpcCode.TXN_HASH_NOT_FOUND, `no receipt for ${toHex(hash)} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, delay))
  }
}
