// devnet_* methods mint, move the clock and hand out private keys: over HTTP and the WebSocket API they run
// for Node clients and allowed pages only; starknet_* stays open to every origin.
import { describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { startSim } from '../index'
import { DEVNET_FORBIDDEN, DEVNET_FORBIDDEN_MESSAGE } from './handler'

const call = (method: string, id = 1) => ({ jsonrpc: '2.0', id, method, params: {} })

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  return {
    cors: response.headers.get('access-control-allow-origin'),
    body: (await response.json()) as unknown,
  }
}

describe('devnet_* over HTTP', () => {
  it('refuses a foreign page with -32001 naming the flags; starknet_* of the same batch still answers', async () => {
    await using sim = await startSim({ accounts: 1 })
    const evil = { origin: 'https://evil.example' }
    const answer = await post(
      sim.rpcUrl,
      [call('devnet_getPredeployedAccounts', 1), call('starknet_chainId', 2)],
      evil,
    )
    expect(answer.cors).toBe('*')
    expect(answer.body).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        error: {
          code: DEVNET_FORBIDDEN,
          message: DEVNET_FORBIDDEN_MESSAGE,
          data: expect.stringContaining('--allow-dapp https://evil.example'),
        },
      },
      { jsonrpc: '2.0', id: 2, result: '0x534e5f5345504f4c4941' },
    ])
    for (const path of ['/rpc/v0_9', '/rpc/v0_10'])
      expect(await post(`${sim.url}${path}`, call('devnet_mint'), evil)).toMatchObject({
        body: { error: { code: DEVNET_FORBIDDEN } },
      })
  })

  it('runs for Node clients, the exact allowed origin and wallet-sim’s own pages', async () => {
    await using sim = await startSim({ accounts: 1, allowedDapps: ['http://localhost:5173'] })
    for (const headers of [{}, { origin: 'http://localhost:5173' }, { origin: sim.url }])
      expect(
        (await post(sim.rpcUrl, call('devnet_getConfig'), headers)).body,
        JSON.stringify(headers),
      ).toMatchObject({
        result: expect.any(Object),
      })
  })
})

/** One devnet_getConfig over the WebSocket API, with the upgrade's Origin; the answer's error code or 'ok'. */
async function overSocket(url: string, origin?: string): Promise<number | 'ok'> {
  const socket = new WebSocket(url, origin === undefined ? {} : { headers: { origin } })
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  try {
    socket.send(JSON.stringify(call('devnet_getConfig')))
    const answer = await new Promise<{ error?: { code: number } }>((resolve) =>
      socket.once('message', (raw: Buffer) => resolve(JSON.parse(raw.toString()))),
    )
    return answer.error?.code ?? 'ok'
  } finally {
    socket.close()
  }
}

it('devnet_* over the WebSocket API: the upgrade’s Origin decides for the connection', async () => {
  await using sim = await startSim({ accounts: 1, allowedDapps: ['http://localhost:5173'] })
  expect(await overSocket(sim.rpcWsUrl)).toBe('ok')
  expect(await overSocket(sim.rpcWsUrl, 'http://localhost:5173')).toBe('ok')
  expect(await overSocket(sim.rpcWsUrl, 'http://localhost:5174')).toBe(DEVNET_FORBIDDEN)
  expect(await overSocket(`${sim.rpcWsUrl}/v0_9`, 'https://evil.example')).toBe(DEVNET_FORBIDDEN)
})

it('--open-dev-api restores devnet_* for every origin', async () => {
  await using sim = await startSim({ accounts: 1, openDevApi: true })
  const headers = { origin: 'https://evil.example', 'content-type': 'text/plain' }
  expect((await post(sim.rpcUrl, call('devnet_getConfig'), headers)).body).toMatchObject({
    result: expect.any(Object),
  })
  expect(await overSocket(sim.rpcWsUrl, 'https://evil.example')).toBe('ok')
})
