// With `--node`, wallet-sim's `/rpc` is the node's: host apps and the SDK keep one URL (the wallet-sim's)
// whichever chain is behind it. Requests are forwarded as they are; devnet_* methods still pass wallet-sim's
// dev-power gate first, as on the built-in chain.
import express, { type Router } from 'express'
import type { DevnetGate } from '../rpc/handler'
import type { NodeChain } from './remote'

/**
 * The JSON-RPC endpoint at `version` ('0.9' | '0.10' | undefined for `/rpc`): forwards to the node when it
 * speaks that version, else answers why not.
 * @example app.use('/rpc', nodeRpcProxy(node, undefined, gate))
 */
export function nodeRpcProxy(node: NodeChain, version: string | undefined, gate?: DevnetGate): Router {
  const router = express.Router()
  const speaks = version === undefined || node.specVersion.startsWith(`${version}.`)
  router.post('/', express.text({ type: () => true, limit: '5mb' }), async (req, res) => {
    const body = typeof req.body === 'string' ? req.body : ''
    const refusal = devnetRefusal(body, req, gate)
    if (refusal !== undefined) {
      res.json({ jsonrpc: '2.0', id: idOf(body), error: { code: -32001, message: refusal } })
      return
    }
    if (snapshotMethod(body)) {
      const message =
        'devnet_snapshot / devnet_revert keep the built-in chain in memory; with --node, save and restore the node with its own devnet_dump / devnet_load'
      res.json({ jsonrpc: '2.0', id: idOf(body), error: { code: -32600, message } })
      return
    }
    if (!speaks) {
      const message = `The node behind wallet-sim speaks JSON-RPC ${node.specVersion}, not ${version}: use /rpc`
      res.json({ jsonrpc: '2.0', id: idOf(body), error: { code: -32601, message } })
      return
    }
    let answer: Response
    try {
      answer = await fetch(node.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
    } catch {
      res.status(502).json({
        jsonrpc: '2.0',
        id: idOf(body),
        error: { code: -32603, message: `The node at ${node.url} is unreachable` },
      })
      return
    }
    res
      .status(answer.status)
      .type('application/json')
      .send(await answer.text())
  })
  return router
}

/** Whether `body` (one request or a batch) calls devnet_snapshot or devnet_revert, which no node is asked. */
function snapshotMethod(body: string): boolean {
  return methodsOf(body).some((method) => method === 'devnet_snapshot' || method === 'devnet_revert')
}

function methodsOf(body: string): unknown[] {
  try {
    const json: unknown = JSON.parse(body)
    return (Array.isArray(json) ? json : [json]).map((one) => (one as { method?: unknown })?.method)
  } catch {
    return [] // the node answers the parse error
  }
}

/** Why a devnet_* method in `body` (one request or a batch) is refused for this client, if it is. */
function devnetRefusal(body: string, req: express.Request, gate: DevnetGate | undefined): string | undefined {
  if (gate === undefined) return undefined
  const methods = methodsOf(body)
  if (!methods.some((method) => typeof method === 'string' && method.startsWith('devnet_'))) return undefined
  return gate(req)
}

function idOf(body: string): unknown {
  try {
    return (JSON.parse(body) as { id?: unknown }).id ?? null
  } catch {
    return null
  }
}
