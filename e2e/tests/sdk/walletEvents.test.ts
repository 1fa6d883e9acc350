// Issue 26 item 1 over the WebSocket transport: wallet-sim pushes account changes to a connected dapp. The
// hands-free user switched by the dev API (another user logs in) and that user's connection to the dapp
// reach the connector's accountsChanged, with no request from the dapp.
import { createConnector } from '@webwallet/shim/connector'
import { type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'

let sim: RunningSim
beforeAll(async () => {
  sim = await startSim({ approve: 'auto', email: 'events-ann@example.com' })
})
afterAll(async () => {
  await sim?.close()
})

it('another hands-free user: the dapp sees the account go, then the new one once it connects', async () => {
  const connector = createConnector({
    transport: 'websocket',
    websocketUrl: sim.trpcUrl,
    WebSocket: WebSocket as never,
    url: sim.url,
  })
  const seen: (string[] | undefined)[] = []
  try {
    const { account } = await connector.connect()
    connector.on('accountsChanged', (accounts) => seen.push(accounts))
    const switched = await fetch(`${sim.url}/dev/user`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'events-bob@example.com' }),
    })
    expect(switched.status).toBe(200)
    const { address: bob } = (await switched.json()) as { address: string }
    await vi.waitFor(() => expect(seen).toEqual([undefined]))
    await expect(connector.account()).rejects.toMatchObject({ code: 'CONNECTOR_NOT_CONNECTED' })
    // Bob connects this dapp (in another of its tabs, here a second connection): this one sees him too.
    const other = createConnector({
      transport: 'websocket',
      websocketUrl: sim.trpcUrl,
      WebSocket: WebSocket as never,
      url: sim.url,
    })
    expect((await other.connect()).account).toEqual([bob])
    await other.disconnect()
    await vi.waitFor(() => expect(seen).toEqual([undefined, [bob]]))
    expect(bob).not.toBe(account[0])
  } finally {
    await connector.disconnect()
  }
})
