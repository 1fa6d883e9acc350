// What a host app gets when a service answers something that is not JSON (a proxy's or captive portal's
// HTML page with status 200) or does not answer at all: coded errors (`error.code`), the original error as
// `cause`, never a bare SyntaxError or TypeError. Against a real HTTP server on a free port.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRpc } from '../account/rpc'
import { createPaymaster } from '../paymaster/client'
import { createHttp } from './http'

let server: Server
let url: string
beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' })
    res.end('<html><body>Please log in to the network</body></html>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const coded = (code: string, message: string, cause: unknown = expect.any(SyntaxError)) =>
  expect.objectContaining({ code, message, cause })

describe('answers that are not JSON', () => {
  it('the paymaster: UNEXPECTED_ANSWER "Unexpected paymaster answer"', async () => {
    const paymaster = createPaymaster({ baseUrl: url })
    await expect(paymaster.gasTokenPrices()).rejects.toEqual(
      coded('UNEXPECTED_ANSWER', 'Unexpected paymaster answer'),
    )
  })

  it('the backend: UNEXPECTED_ANSWER "Unexpected backend answer"', async () => {
    const http = createHttp({ network: 'sepolia' })
    await expect(http.get(`${url}/v1/tokens/info`)).rejects.toEqual(
      coded('UNEXPECTED_ANSWER', 'Unexpected backend answer'),
    )
  })

  it('the node: UNEXPECTED_ANSWER "Unexpected node answer"', async () => {
    const rpc = createRpc({ nodeUrl: `${url}/rpc` })
    await expect(rpc.request('starknet_chainId')).rejects.toEqual(
      coded('UNEXPECTED_ANSWER', 'Unexpected node answer'),
    )
  })
})

describe('a node that does not answer', () => {
  it("is SERVICE_UNREACHABLE (the node, its URL), the fetch failure as cause; an abort stays the caller's", async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const rpc = createRpc({ nodeUrl: `http://127.0.0.1:${port}/rpc` })
    const error = (await rpc.request('starknet_chainId').catch((e: unknown) => e)) as Error
    expect(error).toMatchObject({
      code: 'SERVICE_UNREACHABLE',
      data: { service: 'node', url: `http://127.0.0.1:${port}/rpc` },
    })
    expect(error.cause).toBeInstanceOf(TypeError)
    const controller = new AbortController()
    controller.abort()
    const aborted = createRpc({ nodeUrl: `${url}/rpc`, signal: controller.signal })
    await expect(aborted.request('starknet_chainId')).rejects.toMatchObject({ name: 'AbortError' })
  })
})
