// The landing page (`/`) and the dev route list (`/dev`) on a started simulator: what they list, as HTML and
// as JSON, on the origin the client used; and the route list against the routes the dev router serves.
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningSim, startSim } from '../../index'
import { WALLET_ROUTES } from '../../wallet/static'
import { createPortfolioFixtures } from '../backend/setups'
import { createApprovalPolicy } from './approval'
import { createFaultRegistry } from './faults'
import { createInbox } from './inbox'
import type { DevNames } from './names'
import { DEV_ROUTES } from './routeList'
import { createDevRouter } from './router'

let sim: RunningSim
beforeAll(async () => {
  sim = await startSim({ seed: 3 })
})
afterAll(() => sim.close())

const get = (path: string, accept = 'text/html') => fetch(`${sim.url}${path}`, { headers: { accept } })

describe('GET /', () => {
  it('is a page listing the services on the request origin, the chain and the predeployed accounts', async () => {
    const response = await get('/')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await response.text()
    for (const url of [
      `${sim.url}/rpc`,
      `${sim.url}/rpc/v0_9`,
      `${sim.rpcWsUrl}`,
      sim.trpcUrl,
      `${sim.url}/paymaster/v1`,
      `${sim.url}/paymaster<`,
      `${sim.url}/cosigner`,
      `${sim.url}/v1`,
      `${sim.url}/dev`,
      ...WALLET_ROUTES.map((route) => `${sim.url}${route}`),
    ])
      expect(html).toContain(url)
    expect(html).toContain('0x534e5f5345504f4c4941')
    for (const account of sim.accounts) {
      expect(html).toContain(account.address)
      expect(html).not.toContain(account.private_key)
    }
    expect(html).toContain('<a href="/dev">')
  })

  it('answers JSON for Accept: application/json, the block number following the chain', async () => {
    const before = (await (await get('/', 'application/json')).json()) as {
      services: { name: string; url: string }[]
      chain: { chainId: string; blockNumber: number }
      accounts: { address: string; publicKey: string }[]
    }
    expect(before.chain.chainId).toBe('0x534e5f5345504f4c4941')
    expect(before.accounts).toEqual(
      sim.accounts.map((a) => ({ address: a.address, publicKey: a.public_key })),
    )
    expect(before.services).toContainEqual(
      expect.objectContaining({ name: 'dev API', url: `${sim.url}/dev` }),
    )
    sim.chain.closeBlock()
    const after = (await (await get('/', 'application/json')).json()) as typeof before
    expect(after.chain.blockNumber).toBe(before.chain.blockNumber + 1)
  })

  it('uses the Host the client named (localhost), and refuses a non-local one as every service does', async () => {
    const localhost = sim.url.replace('127.0.0.1', 'localhost')
    expect(await (await fetch(`${localhost}/`)).text()).toContain(`${localhost}/rpc`)
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${sim.url}/`, { headers: { host: 'evil.example' } }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.once('error', reject)
      req.end()
    })
    expect(status).toBe(403)
  })
})

describe('GET /dev', () => {
  it('lists its routes as JSON, each with its URL', async () => {
    const response = await get('/dev', 'application/json')
    expect(response.status).toBe(200)
    const { routes } = (await response.json()) as { routes: { method: string; path: string; url: string }[] }
    expect(routes.map((r) => `${r.method} ${r.path}`)).toContain('GET /inbox/:email')
    expect(routes.find((r) => r.path === '/faults')?.url).toBe(`${sim.url}/dev/faults`)
  })

  it('lists them as a page for browsers, plain GETs as links, /dev/ too', async () => {
    for (const path of ['/dev', '/dev/']) {
      const response = await get(path)
      expect(response.headers.get('content-type')).toMatch(/^text\/html/)
      const html = await response.text()
      expect(html).toContain('<a href="/dev/inbox">/dev/inbox</a>')
      expect(html).toContain('/dev/accounts/:address/fund')
    }
  })

  it('names exactly the routes the dev router serves', () => {
    const names = {
      register: async () => ({ name: '', address: '', transactionHash: '' }),
      nameOf: () => undefined,
    }
    const router = createDevRouter({
      inbox: createInbox(),
      approval: createApprovalPolicy('manual'),
      faults: createFaultRegistry(),
      clock: { now: () => 0, set: () => {}, increase: () => {} },
      accounts: { list: () => [], create: () => ({ address: '0x1' }), fund: () => {} },
      names: names as DevNames,
      portfolio: createPortfolioFixtures(),
    }) as unknown as { stack: { route?: { path: string; methods: Record<string, boolean> } }[] }
    const served = router.stack.flatMap(({ route }) =>
      route ? Object.keys(route.methods).map((method) => `${method.toUpperCase()} ${route.path}`) : [],
    )
    expect(DEV_ROUTES.map((r) => `${r.method} ${r.path}`)).toEqual(served)
  })
})
