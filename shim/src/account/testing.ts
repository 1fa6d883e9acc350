// Test fixtures for the account: a signed session on Sepolia and a scripted world (node, cosigner,
// paymaster) behind one fetch. The cosigner signs as a guardian key with real Stark signatures.
import { CHAIN_IDS, STRK_ADDRESS } from '@webwallet/protocol'
import {
  buildOutsideExecution,
  outsideExecutionTypedData,
  selectorFromName,
  serializeSignerSignatures,
  sessionHash,
  sessionMessageHash,
  signHash,
  toFelt,
  toHex,
} from '@webwallet/protocol/session'
import { type Abi, typedData as td } from 'starknet'
import { createPaymaster } from '../paymaster/client'
import { createSessionRequest, generateSessionKey } from '../session/request'
import { signedSession } from '../session/signed'
import type { AccountContext } from './context'
import { createRpc } from './rpc'

export const ACCOUNT = '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'
export const GAME = '0x00000000000000000000000000000000000000000000000000000000000a11ce'
export const STRK = STRK_ADDRESS
/**
 * GAME's ABI, as a dapp hands it to starknet.js's Contract: `play(move)` (the session allows it),
 * `drain()` (it does not) and the view `score(player)`.
 */
export const GAME_ABI: Abi = [
  {
    type: 'function',
    name: 'play',
    inputs: [{ name: 'move', type: 'core::felt252' }],
    outputs: [],
    state_mutability: 'external',
  },
  { type: 'function', name: 'drain', inputs: [], outputs: [], state_mutability: 'external' },
  {
    type: 'function',
    name: 'score',
    inputs: [{ name: 'player', type: 'core::starknet::contract_address::ContractAddress' }],
    outputs: [{ type: 'core::felt252' }],
    state_mutability: 'view',
  },
]
export const GUARDIAN_KEY = '0x6b6b6b'
const OWNER_KEY = '0x5a5a5a'

export type Handler = (params: never) => unknown
export interface World {
  node: Record<string, Handler>
  cosigner: (
    path: string,
    body: { session: { sessionHash: string }; message?: { message: unknown } },
  ) => Response | undefined
  paymaster: Record<string, (body: never) => Response>
  log: string[]
}

/** Node answers by method; a thrown `{code, message, data}` becomes a JSON-RPC error. */
export function createWorld(): World {
  const world: World = {
    // The chain's clock, read before every send: the device's time unless a test moves it.
    node: { starknet_getBlockWithTxHashes: () => ({ timestamp: Math.floor(Date.now() / 1000) }) },
    cosigner: () => undefined,
    paymaster: {},
    log: [],
  }
  return world
}

export function worldFetch(world: World): typeof fetch {
  return async (input, init) => {
    const url = String(input)
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    if (url === 'http://node') {
      const answer = (call: { id: number; method: string; params: unknown }) => {
        world.log.push(call.method)
        const handler = world.node[call.method]
        if (!handler)
          return { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: `no ${call.method}` } }
        try {
          return { jsonrpc: '2.0', id: call.id, result: handler(call.params as never) }
        } catch (error) {
          return { jsonrpc: '2.0', id: call.id, error }
        }
      }
      return Response.json(Array.isArray(body) ? body.map(answer) : answer(body))
    }
    const path = new URL(url).pathname
    world.log.push(path)
    if (path.startsWith('/cosigner/')) {
      const custom = world.cosigner(path, body)
      if (custom) return custom
      const hash =
        path === '/cosigner/signSessionEFO'
          ? td.getMessageHash(body.message.message, ACCOUNT)
          : (world.node.__lastTxHash?.(undefined as never) as string)
      const sig = signHash(sessionMessageHash(hash, body.session.sessionHash, false), GUARDIAN_KEY)
      return Response.json({ signature: { publicKey: toHex(sig.signer), r: toHex(sig.r), s: toHex(sig.s) } })
    }
    const handler = world.paymaster[path.replace('/paymaster/v1', '')]
    if (!handler) return new Response('{}', { status: 404, statusText: 'Not Found' })
    return handler(body as never)
  }
}

/** A signed session allowing GAME.play and STRK.transfer (the gas-token transfer). */
export function testContext(world: World, overrides: Partial<AccountContext> = {}): AccountContext {
  const request = createSessionRequest({
    appName: 'test',
    allowedMethods: [
      { contract: GAME, selector: 'play' },
      { contract: STRK, selector: 'transfer' },
    ],
    sessionKey: generateSessionKey(),
  })
  const hash = sessionHash(request.session, ACCOUNT, CHAIN_IDS.SN_SEPOLIA)
  const signature = serializeSignerSignatures([signHash(hash, OWNER_KEY), signHash(hash, GUARDIAN_KEY)]).map(
    toHex,
  )
  const session = signedSession(request, {
    address: ACCOUNT,
    chainId: CHAIN_IDS.SN_SEPOLIA,
    signature,
    deploymentPayload: {
      classHash: '0x1',
      constructorCalldata: ['0x2'],
      addressSalt: '0x3',
      contractAddress: ACCOUNT,
    },
  })
  const fetch = worldFetch(world)
  return {
    rpc: createRpc({ nodeUrl: 'http://node', fetch }),
    session,
    address: ACCOUNT,
    chainId: CHAIN_IDS.SN_SEPOLIA,
    network: 'sepolia',
    cosignerBaseUrl: 'http://cosigner',
    fetch,
    now: () => 1_800_000_000_000,
    ...overrides,
  }
}

export function testPaymaster(world: World, apiKey?: string) {
  return createPaymaster({
    baseUrl: 'http://paymaster',
    fetch: worldFetch(world),
    ...(apiKey ? { apiKey } : {}),
  })
}

export const ESTIMATE = {
  l1_gas_consumed: '0x0',
  l1_gas_price: '0x1',
  l2_gas_consumed: '0x1000',
  l2_gas_price: '0x10',
  l1_data_gas_consumed: '0x10',
  l1_data_gas_price: '0x2',
  overall_fee: '0x10020',
  unit: 'FRI',
}

/** A paymaster typed data for `calls`, as AVNU builds it (plus an optional gas-token transfer). */
export function paymasterTypedData(
  calls: readonly { contractAddress: string; entrypoint: string; calldata?: readonly string[] }[],
) {
  const execution = buildOutsideExecution({ calls, nonce: '0x77', nowMs: 1_800_000_000_000 })
  return outsideExecutionTypedData(execution, CHAIN_IDS.SN_SEPOLIA)
}

const PROBES = [selectorFromName('supports_interface'), selectorFromName('is_valid_outside_execution_nonce')]

/**
 * `starknet_call` as a deployed Argent account and its tokens answer: the SNIP-9 probes true (every
 * interface supported, every nonce unused), any other call (`balanceOf`) `answer`.
 */
export function argentCalls(answer: string[]): Handler {
  return (params: { request: { entry_point_selector: string } }) =>
    PROBES.includes(toFelt(params.request.entry_point_selector)) ? ['0x1'] : answer
}
