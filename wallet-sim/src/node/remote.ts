// `--node URL`: ChainAccess over any Starknet JSON-RPC 0.9/0.10 node (starknet-devnet-rs, Katana, a Sepolia
// endpoint). Reads, simulation and writes are standard methods; funding, time travel and the dev accounts
// are devnet's (devnet_mint, devnet_setTime, devnet_increaseTime, devnet_getPredeployedAccounts), refused
// with UnsupportedByNode where the node has none of them.
import { shortString } from 'starknet'
import { ETH_ADDRESS, STRK_ADDRESS } from '../chain/contracts/erc20'
import { RpcCode, RpcError } from '../chain/errors'
import { selectorOf, toHex } from '../chain/felt'
import type { PredeployedAccount } from '../chain/genesis'
import type { ChainAccess, FriPrices, Measured } from './access'
import { UnsupportedByNode } from './access'
import { receiptView } from './builtin'
import { NodeUnreachable, type RpcRequest, rpcClient } from './rpcClient'

/** The JSON-RPC versions wallet-sim speaks to a node (and serves itself). */
const SUPPORTED_SPEC = /^0\.(9|10)\.\d+/

/** A connected node: its URL, spec version and chain id, read once; every service reads it through `access`. */
export interface NodeChain {
  readonly url: string
  readonly specVersion: string
  readonly chainId: bigint
  readonly access: ChainAccess
  readonly request: RpcRequest
}

export interface ConnectNodeOptions {
  /** Default the global fetch. */
  readonly fetch?: typeof fetch
  /** How long a submitted transaction's receipt is awaited, in ms (default 60 s: a public node's block time). */
  readonly receiptTimeoutMs?: number
}

/** `--node` is not a usable URL (an http(s) URL without credentials). */
export function checkNodeUrl(url: string): URL {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new TypeError(`--node must be an http(s) URL of a Starknet JSON-RPC endpoint, got ${url}`)
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new TypeError(`--node must be an http(s) URL of a Starknet JSON-RPC endpoint, got ${url}`)
  }
  return parsed
}

/**
 * Connects to the node at `url`: checks that it answers and speaks JSON-RPC 0.9 or 0.10, reads its chain id
 * and, on a devnet, its predeployed accounts (the paymaster's relayer is the last of them).
 * Throws NodeUnreachable or TypeError with a message for the user.
 * @example const node = await connectNode('http://127.0.0.1:5050/rpc')
 */
export async function connectNode(url: string, options: ConnectNodeOptions = {}): Promise<NodeChain> {
  checkNodeUrl(url)
  const request = rpcClient(url, options.fetch)
  let specVersion: string
  try {
    specVersion = await request<string>('starknet_specVersion')
  } catch (error) {
    if (error instanceof RpcError) {
      throw new NodeUnreachable(
        `${url} is no Starknet JSON-RPC node: starknet_specVersion answered ${error.message}`,
      )
    }
    throw error
  }
  if (!SUPPORTED_SPEC.test(specVersion)) {
    throw new NodeUnreachable(
      `The node at ${url} speaks Starknet JSON-RPC ${specVersion}; wallet-sim needs 0.9 or 0.10 (starknet-devnet 0.5 or later; for devnet the path is /rpc)`,
    )
  }
  const chainId = BigInt(await request<string>('starknet_chainId'))
  const accounts = await optional(request<PredeployedAccount[]>('devnet_getPredeployedAccounts'), [])
  const access = remoteAccess(request, {
    chainId,
    accounts: accounts.map(({ address, public_key, private_key, initial_balance }) => ({
      address: toHex(BigInt(address)),
      public_key: toHex(BigInt(public_key)),
      private_key: toHex(BigInt(private_key)),
      initial_balance: String(initial_balance),
    })),
    receiptTimeoutMs: options.receiptTimeoutMs ?? 60_000,
  })
  return { url, specVersion, chainId, access, request }
}

/** The chain id as text for messages: `SN_SEPOLIA` when it is a short string. */
export function chainIdName(chainId: bigint): string {
  const text = shortString.decodeShortString(toHex(chainId))
  return /^[\x20-\x7e]+$/.test(text) ? text : toHex(chainId)
}

async function optional<T>(pending: Promise<T>, absent: T): Promise<T> {
  try {
    return await pending
  } catch (error) {
    if (error instanceof RpcError && error.code === RpcCode.METHOD_NOT_FOUND) return absent
    throw error
  }
}

interface RemoteOptions {
  chainId: bigint
  accounts: readonly PredeployedAccount[]
  receiptTimeoutMs: number
}

const BALANCE_OF = selectorOf('balance_of')

function remoteAccess(request: RpcRequest, options: RemoteOptions): ChainAccess {
  const devMethod = async (method: string, params: unknown, what: string) => {
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
  const latestBlock = () =>
    request<{ timestamp: number } & Record<string, { price_in_fri: string }>>(
      'starknet_getBlockWithTxHashes',
      {
        block_id: 'latest',
      },
    )
  const call: ChainAccess['call'] = async (c, block = 'latest') => {
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
  const receipt: ChainAccess['receipt'] = async (hash) => {
    try {
      return receiptView(await request('starknet_getTransactionReceipt', { transaction_hash: toHex(hash) }))
    } catch (error) {
      if (notFound(error, RpcCode.TXN_HASH_NOT_FOUND)) return undefined
      throw error
    }
  }
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
      return Number((await latestBlock()).timestamp)
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
    await devMethod(method, params, 'Time travel')
    await now()
  }
  return {
    kind: 'node',
    chainId: () => options.chainId,
    now,
    clockMs: () => Date.now() + offsetMs,
    classHashAt: async (address) => {
      try {
        return BigInt(
          await request<string>('starknet_getClassHashAt', {
            block_id: 'pre_confirmed',
            contract_address: toHex(address),
          }),
        )
      } catch (error) {
        if (notFound(error, RpcCode.CONTRACT_NOT_FOUND)) return 0n
        throw error
      }
    },
    nonceOf: async (address) => {
      try {
        return BigInt(
          await request<string>('starknet_getNonce', {
            block_id: 'pre_confirmed',
            contract_address: toHex(address),
          }),
        )
      } catch (error) {
        if (notFound(error, RpcCode.CONTRACT_NOT_FOUND)) return 0n
        throw error
      }
    },
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
    call,
    gasPrices: async (): Promise<FriPrices> => {
      const block = await latestBlock()
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
      await devMethod('devnet_mint', { address: toHex(address), amount, unit }, 'Funding an account')
    },
    setTime: (seconds) => travel('devnet_setTime', { time: seconds, generate_block: true }),
    increaseTime: (seconds) => travel('devnet_increaseTime', { time: seconds }),
    predeployedAccounts: () => options.accounts,
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
