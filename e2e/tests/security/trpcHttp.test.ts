// The wallet router over tRPC's HTTP wire (/trpc/<procedure>) from real pages in Chromium: the exact
// --allow-dapp origin calls and reads it as the --email user (CORS, JSON preflight, approval mode `auto`); a page of
// another port of a listed host reads that it is logged out; a page of an unlisted site cannot send a call
// at all (its preflight is refused), and the user's grants do not move.
import { startSim } from '@webwallet/wallet-sim'
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { launchBrowser } from '../../support/browser'
import { attackerSite } from './attacker'

const EMAIL = 'dapp@example.com'

/** A batch of tRPC calls from the page: one POST with the inputs by index; what the page could read. */
function callFrom(page: Page, url: string, body: Record<number, unknown>) {
  return page.evaluate(
    async ({ url, body }) => {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
        return { status: response.status, body: (await response.json()) as unknown }
      } catch {
        return 'blocked'
      }
    },
    { url, body },
  )
}

it('only listed pages reach the router over HTTP, under the WebSocket’s rules', async () => {
  const dapp = await attackerSite('127.0.0.1')
  const neighbour = await attackerSite('127.0.0.1')
  const stranger = await attackerSite('127.0.0.2')
  await using sim = await startSim({ approve: 'auto', email: EMAIL, allowedDapps: [dapp.origin] })
  await using browser = await launchBrowser()
  try {
    const page = await browser.newPage()
    const url = `${sim.url}/trpc/requestAccounts,getPermissions?batch=1`
    const ask = { 0: { silent_mode: false } }

    await page.goto(`${stranger.origin}/`)
    expect(await callFrom(page, url, ask)).toBe('blocked')

    await page.goto(`${neighbour.origin}/`)
    const loggedOut = (await callFrom(page, url, ask)) as { status: number; body: unknown[] }
    expect(loggedOut.status).toBe(500)
    expect(loggedOut.body).toEqual([
      {
        error: expect.objectContaining({
          data: expect.objectContaining({ webwalletErrorCode: 'USER_LOGGED_OUT' }),
        }),
      },
      {
        error: expect.objectContaining({
          data: expect.objectContaining({ webwalletErrorCode: 'USER_LOGGED_OUT' }),
        }),
      },
    ])

    await page.goto(`${dapp.origin}/`)
    const accounts = await callFrom(page, url, ask)
    const address = sim.walletSim.login.users().find((u) => u.email === EMAIL)?.address
    expect(address).toMatch(/^0x[0-9a-f]{64}$/)
    // The calls of a batch run side by side: the permissions were read before the connect was approved.
    expect(accounts).toEqual({
      status: 200,
      body: [{ result: { data: [address] } }, { result: { data: [] } }],
    })
    expect(await callFrom(page, `${sim.url}/trpc/getPermissions?batch=1`, {})).toEqual({
      status: 200,
      body: [{ result: { data: ['accounts'] } }],
    })

    // The grant is the dapp's alone: the other pages' origins are not connected.
    const { token } = (await (
      await fetch(`${sim.url}/wallet/api/devLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
    ).json()) as { token: string }
    const connected = async (origin: string) =>
      (
        (await (
          await fetch(`${sim.url}/wallet/api/permissions?origin=${encodeURIComponent(origin)}`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).json()) as { connected: boolean }
      ).connected
    expect([
      await connected(dapp.origin),
      await connected(neighbour.origin),
      await connected(stranger.origin),
    ]).toEqual([true, false, false])
  } finally {
    await Promise.all([dapp.close(), neighbour.close(), stranger.close()])
  }
})
