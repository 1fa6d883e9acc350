// connectNode and --node's checks: a node that is down, answers no JSON-RPC or another spec version is refused
// with a message for the user; a real JSON-RPC 0.10 node (here another wallet-sim, the built-in chain over
// HTTP) is connected, and wallet-sim's services then run on it.
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { erc20BalanceOf, STRK_ADDRESS } from '../chain/contracts/erc20'
import { type RunningSim, startSim } from '../index'
import { checkNodeUrl, connectNode } from './remote'
import { NodeUnreachable } from './rpcClient'

let node: RunningSim
beforeAll(async () => {
  node = await startSim({ seed: 3, accounts: 2 })
})
afterAll(async () => {
  await node?.close()
})

/** An HTTP server answering every POST with `answer` (a node of another kind). */
async function fakeServer(answer: (body: { method?: string }) => unknown) {
  const app = express()
  app.post('/', express.json(), (req, res) => {
    const reply = answer(req.body)
    typeof reply === 'string' ? res.type('text/html').send(reply) : res.json(reply)
  })
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) }
}

describe('checkNodeUrl', () => {
  it('takes http(s) URLs only', () => {
    expect(checkNodeUrl('http://127.0.0.1:5050/rpc').port).toBe('5050')
    expect(() => checkNodeUrl('127.0.0.1:5050')).toThrow(
      '--node must be an http(s) URL of a Starknet JSON-RPC endpoint, got 127.0.0.1:5050',
    )
    expect(() => checkNodeUrl('ws://127.0.0.1:5050')).toThrow('--node must be an http(s) URL')
  })
})

describe('connectNode', () => {
  it('reads the chain id, spec version and predeployed accounts of a JSON-RPC 0.10 node', async () => {
    const connected = await connectNode(node.rpcUrl)
    expect(connected.specVersion).toMatch(/^0\.10\./)
    expect(connected.chainId).toBe(BigInt('0x534e5f5345504f4c4941'))
    expect(connected.access.predeployedAccounts().map((a) => a.address)).toEqual(
      node.accounts.map((a) => `0x${BigInt(a.address).toString(16)}`),
    )
  })

  it('says a node that is down is unreachable', async () => {
    const closed = await fakeServer(() => ({}))
    await closed.close()
    const error = await connectNode(closed.url).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NodeUnreachable)
    expect((error as Error).message).toMatch(
      /^The node at http:\/\/127\.0\.0\.1:\d+\/ is unreachable \(ECONNREFUSED\)$/,
    )
  })

  it('refuses a node of another JSON-RPC version, and a server that answers no JSON-RPC', async () => {
    const old = await fakeServer((body) => ({
      jsonrpc: '2.0',
      id: 1,
      result: body.method === 'starknet_specVersion' ? '0.8.1' : '0x1',
    }))
    const page = await fakeServer(() => '<html>not a node</html>')
    try {
      await expect(connectNode(old.url)).rejects.toThrow(
        `The node at ${old.url} speaks Starknet JSON-RPC 0.8.1; wallet-sim needs 0.9 or 0.10`,
      )
      await expect(connectNode(page.url)).rejects.toThrow(
        `The node at ${page.url} answered starknet_specVersion with HTTP 200 and no JSON-RPC: <html>not a node</html>`,
      )
    } finally {
      await old.close()
      await page.close()
    }
  })
})

describe('wallet-sim with node', () => {
  it('creates and funds e-mail users on the node, reads its clock and forwards /rpc to it', async () => {
    await using front = await startSim({ node: node.rpcUrl })
    expect(front.node?.url).toBe(node.rpcUrl)
    expect(front.accounts).toEqual(front.node?.access.predeployedAccounts())
    const user = await front.walletSim.login.ensureUser('node@example.com')
    // Funded by devnet_mint on the node: 1000 STRK.
    const balance = erc20BalanceOf(node.chain.pending, STRK_ADDRESS, BigInt(user.account.address))
    expect(balance).toBe(1000n * 10n ** 18n)
    const block = await fetch(front.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'starknet_blockNumber' }),
    }).then((r) => r.json())
    expect(block).toEqual({ jsonrpc: '2.0', id: 1, result: node.chain.latest.number })
    // The dev clock is the node's.
    const moved = await fetch(`${front.url}/dev/time`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ increase: 3600 }),
    }).then((r) => r.json())
    expect(moved).toEqual({ time: node.chain.now() })
    // Starknet ID names are the built-in chain's: refused with a reason.
    const named = await fetch(`${front.url}/dev/accounts/${user.account.address}/name`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'alice.stark' }),
    })
    expect(named.status).toBe(400)
    expect((await named.json()).message).toBe(
      'Starknet ID names live on the built-in chain; with --node the node has no Starknet ID contracts',
    )
  })
})
