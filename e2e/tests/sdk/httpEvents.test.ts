// Issue 26 item 1 over the HTTP wire, end to end: the shim's connector with `transport: 'http'` against a
// whole wallet-sim (`--approve auto --email`), following `walletEvents` as server-sent events with the login
// token it calls with. The token's user logging out, and another hands-free user taking over, reach its
// events and the get-starknet wallet object, with no request of the dapp's own.
import { createConnector, createStarknetWindowObject } from '@webwallet/shim/connector'
import { type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { logIn } from './login'

const EMAIL = 'http-events@example.com'
let sim: RunningSim
beforeAll(async () => {
  sim = await startSim({ seed: 13, approve: 'auto', email: EMAIL })
})
afterAll(() => sim?.close())

/** The connector over HTTP; `following` resolves once wallet-sim answered its walletEvents stream. */
function httpConnector(token?: string) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {}
  let opened = () => {}
  const following = new Promise<void>((resolve) => (opened = resolve))
  const fetchSpy: typeof fetch = async (url, init) => {
    const response = await fetch(url, init)
    if (!String(url).includes('/trpc/walletEvents') || !response.body) return response
    // Following once the stream's first events arrived: a copy of the body is read up to its first chunk.
    const [watched, passed] = response.body.tee()
    void watched
      .getReader()
      .read()
      .then(() => opened())
    return new Response(passed, response)
  }
  const connector = createConnector({ transport: 'http', url: sim.url, http: { headers, fetch: fetchSpy } })
  return { connector, following }
}

describe('walletEvents through the shim over HTTP', () => {
  it("the token's user logging out ends the connection", async () => {
    const token = await logIn(sim, 'logs-out@example.com')
    const { connector, following } = httpConnector(token)
    const object = createStarknetWindowObject(connector)
    const seen: unknown[] = []
    object.on('accountsChanged', (accounts) => seen.push(accounts))
    const { account } = await connector.connect()
    expect(seen).toEqual([account])
    await following // a logout is then pushed, not learned from a request

    const logout = await fetch(`${sim.url}/login/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(logout.ok).toBe(true)
    await vi.waitFor(() => expect(seen).toEqual([account, undefined]))
    await expect(connector.account()).rejects.toMatchObject({ code: 'CONNECTOR_NOT_CONNECTED' })
    await connector.disconnect()
  })

  it('another hands-free user taking over ends it too; that user connecting is announced', async () => {
    const { connector, following } = httpConnector()
    const seen: unknown[] = []
    connector.on('accountsChanged', (accounts) => seen.push(accounts))
    const { account } = await connector.connect()
    await following
    const switchTo = (email: string) =>
      fetch(`${sim.url}/dev/user`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      })
    try {
      expect((await switchTo('other-user@example.com')).ok).toBe(true)
      await vi.waitFor(() => expect(seen).toEqual([account, undefined]))
      const other = await connector.connect()
      expect(other.account).not.toEqual(account)
      expect(seen.at(-1)).toEqual(other.account)
    } finally {
      await connector.disconnect()
      await switchTo(EMAIL)
    }
  })
})
