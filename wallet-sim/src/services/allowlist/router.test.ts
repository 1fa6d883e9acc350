import { afterAll, beforeAll, expect, it } from 'vitest'
import { type Served, serve } from '../../infra/http/serve'
import { createAllowlistRouter } from './router'

let defaults: Served
let configured: Served
beforeAll(async () => {
  defaults = await serve('/allowlist', createAllowlistRouter())
  configured = await serve('/allowlist', createAllowlistRouter({ mainnet: ['app.example'] }))
})
afterAll(async () => {
  await defaults.close()
  await configured.close()
})

it('lists localhost hosts by default, cacheable for a day, readable from any origin', async () => {
  for (const network of ['mainnet', 'sepolia']) {
    const response = await fetch(`${defaults.url}/${network}.json`, {
      headers: { origin: 'http://localhost:5173' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400')
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(await response.json()).toEqual({ allowedDapps: ['localhost', '127.0.0.1'] })
  }
})

it('serves the configured list per network', async () => {
  expect(await (await fetch(`${configured.url}/mainnet.json`)).json()).toEqual({
    allowedDapps: ['app.example'],
  })
  expect(await (await fetch(`${configured.url}/sepolia.json`)).json()).toEqual({
    allowedDapps: ['localhost', '127.0.0.1'],
  })
  expect((await fetch(`${configured.url}/goerli.json`)).status).toBe(404)
})
