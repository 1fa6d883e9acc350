// Issue 35 item 6 on the Argent entry: without a `provider`, `wallet.provider` (a starknet.js RpcProvider) falls
// back to the network's next public node when the first cannot be reached, as the account's reads do
// (shim/src/account/readFallback.test.ts). Two local HTTP servers stand for mainnet's two public nodes (the
// entry's `fetch` sends each public URL to one): the first closed before the test, the second answering.
import { PUBLIC_NODE_URLS } from '@webwallet/protocol'
import { RpcProvider } from 'starknet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTwoNodes, type TwoNodes } from '../testing/twoNodes'
import { ArgentWebWallet } from './ArgentWebWallet'

const ANSWERS: Record<string, unknown> = {
  starknet_blockNumber: 4242,
  starknet_call: ['0x2a'],
  starknet_chainId: '0x534e5f4d41494e',
  starknet_specVersion: '0.10.0',
}

let nodes: TwoNodes
beforeAll(async () => {
  nodes = await startTwoNodes(ANSWERS)
})
afterAll(() => nodes.close())

/** The entry's `fetch`: mainnet's first public node is the closed port, the second the live server. */
const routed: typeof fetch = (input, init) => {
  const url = String(input instanceof Request ? input.url : input)
  const [first, second] = PUBLIC_NODE_URLS.mainnet
  const to = url === first ? nodes.deadUrl : url === second ? nodes.liveUrl : url
  return globalThis.fetch(to, init)
}

describe("the entry's default provider on two public nodes, the first unreachable", {
  timeout: 30_000,
}, () => {
  it("starknet.js's provider reads reach the second node; the provider names the environment's node", async () => {
    const wallet = ArgentWebWallet.init(
      { appName: 'app', environment: 'mainnet', sessionParams: { allowedMethods: [] } },
      { fetch: routed },
    )
    expect(wallet.provider).toBeInstanceOf(RpcProvider)
    expect((wallet.provider as RpcProvider).channel.nodeUrl).toBe(PUBLIC_NODE_URLS.mainnet[0])
    expect(await wallet.provider.getBlockNumber()).toBe(4242)
    const result = await wallet.provider.callContract({ contractAddress: '0x1', entrypoint: 'score' })
    expect(result).toEqual(['0x2a'])
    expect(nodes.methods).toEqual(expect.arrayContaining(['starknet_blockNumber', 'starknet_call']))
  })

  it("an app's own node has no fallback: its failure is the app's to see", async () => {
    const wallet = ArgentWebWallet.init(
      { appName: 'app', environment: 'mainnet', sessionParams: { allowedMethods: [] } },
      { fetch: routed, urls: { providerDefaultUrl: nodes.deadUrl } },
    )
    await expect(wallet.provider.getBlockNumber()).rejects.toBeDefined()
  })
})
