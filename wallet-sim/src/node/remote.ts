// `--node URL`: ChainAccess over any Starknet JSON-RPC 0.9/0.10 node (starknet-devnet-rs, Katana, a Sepolia
// endpoint). Reads, simulation and writes are standard methods; funding, time travel and the dev accounts
// are devnet's (devnet_mint, devnet_setTime, devnet_increaseTime, devnet_getPredeployedAccounts), refused
// with UnsupportedByNode where the node has none of them.
import { shortString } from 'starknet'
import { RpcCode, RpcError } from '../chain/errors'
import { toHex } from '../chain/felt'
import type { PredeployedAccount } from '../chain/genesis'
import type { ChainAccess } from './access'
import { remoteAccess } from './remoteAccess'
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
