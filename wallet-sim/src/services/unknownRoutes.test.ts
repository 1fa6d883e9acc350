// Every service answers an unknown path 404 and a wrong method 405 (with Allow) in its own JSON error shape,
// never express's HTML page: the whole simulator as `createWalletSim` mounts it.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningSim, startSim } from '../index'

let sim: RunningSim
beforeAll(async () => {
  sim = await startSim({ seed: 4 })
})
afterAll(() => sim?.close())

async function request(method: string, path: string) {
  const response = await fetch(`${sim.url}${path}`, {
    method,
    ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
  })
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  return { status: response.status, allow: response.headers.get('allow'), body: await response.json() }
}

// The services' shape: {code, message, messages}; the wallet API's: {code, message}.
const shaped = (code: string, message: string, wallet = false) =>
  wallet ? { code, message } : { code, message, messages: [message] }

it.each([
  ['GET', '/paymaster/nope'],
  ['GET', '/paymaster/v1/nope'],
  ['POST', '/paymaster/v1/accounts/0x1/nope'],
  ['GET', '/cosigner'],
  ['POST', '/cosigner/signSomething'],
  ['GET', '/v1/nope'],
  ['GET', '/v1/tokens/info/0x1/more'],
  ['GET', '/dev/nope'],
  ['GET', '/allowlist/devnet.json'],
  ['GET', '/login/nope'],
])('%s %s: 404 NOT_FOUND in JSON', async (method, path) => {
  expect(await request(method, path)).toEqual({
    status: 404,
    allow: null,
    body: shaped('NOT_FOUND', `No route ${method} ${path}`),
  })
})

it.each(['/wallet/api/nope', '/wallet/approvals/1/more'])(
  'the wallet API %s: 404 in its own shape',
  async (path) => {
    expect(await request('GET', path)).toEqual({
      status: 404,
      allow: null,
      body: shaped('NOT_FOUND', `No route GET ${path}`, true),
    })
  },
)

it.each([
  ['GET', '/paymaster', 'POST', false],
  ['GET', '/paymaster/v1/execute', 'POST', false],
  ['POST', '/paymaster/v1/status', 'GET, HEAD', false],
  ['GET', '/cosigner/signSessionEFO', 'POST', false],
  ['DELETE', '/v1/tokens/prices', 'GET, HEAD', false],
  ['POST', '/dev', 'GET, HEAD', false],
  ['PUT', '/dev/faults', 'DELETE, GET, HEAD, POST', false],
  ['POST', '/allowlist/mainnet.json', 'GET, HEAD', false],
  ['GET', '/login/start', 'POST', false],
  ['GET', '/wallet/api/connect', 'POST', true],
  ['DELETE', '/wallet/approvals', 'GET, HEAD', true],
] as const)('%s %s: 405, Allow: %s', async (method, path, allow, wallet) => {
  expect(await request(method, path)).toEqual({
    status: 405,
    allow,
    body: shaped('METHOD_NOT_ALLOWED', `Method ${method} is not allowed on ${path}; use ${allow}`, wallet),
  })
})

// The node answers in JSON-RPC's shape: an Invalid Request error (id null) saying why.
const rpcError = (data: string) => ({
  jsonrpc: '2.0',
  id: null,
  error: { code: -32600, message: 'Invalid Request', data },
})
const NODE_PATHS = '/rpc, /rpc/v0_7, /rpc/v0_8, /rpc/v0_9, /rpc/v0_10'

it.each([
  ['GET', '/rpc'],
  ['PUT', '/rpc/v0_9'],
  ['DELETE', '/rpc/v0_10'],
])('the node: %s %s is 405, Allow: OPTIONS, POST, as a JSON-RPC error', async (method, path) => {
  expect(await request(method, path)).toEqual({
    status: 405,
    allow: 'OPTIONS, POST',
    body: rpcError(`Method ${method} is not allowed on ${path}; use POST`),
  })
})

it.each([
  ['POST', '/rpc/v0_6'],
  ['GET', '/rpc/v0_9/more'],
])('the node: %s %s is 404 as a JSON-RPC error', async (method, path) => {
  expect(await request(method, path)).toEqual({
    status: 404,
    allow: null,
    body: rpcError(`No route ${method} ${path}: the node answers POST ${NODE_PATHS}`),
  })
})

it.each(['GET', 'POST'])(
  'the wallet router: plain HTTP %s /trpc is 426 (WebSocket; HTTP under /trpc/) in the wallet API shape',
  async (method) => {
    const response = await fetch(`${sim.url}/trpc`, { method })
    expect([response.status, response.headers.get('upgrade'), await response.json()]).toEqual([
      426,
      'websocket',
      {
        code: 'UPGRADE_REQUIRED',
        message: `${method} /trpc: the wallet router answers over WebSocket here, over HTTP at /trpc/<procedure>`,
      },
    ])
  },
)

// Above the services: a path none of them serves. Browsers (text/html first) get a small page, every other
// client (JSON, fetch's and curl's `*/*`, no Accept at all) `{error: {code, message}}`; never "Cannot GET".
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'

it.each([
  ['GET', '/nope'],
  ['GET', '/wallet/nope'],
  ['POST', '/wallet'],
  ['DELETE', '/assets/nope.js'],
])('%s %s outside every service: 404 NOT_FOUND as JSON for API clients', async (method, path) => {
  for (const accept of ['application/json', '*/*', undefined]) {
    const response = await fetch(`${sim.url}${path}`, {
      method,
      ...(accept === undefined ? {} : { headers: { accept } }),
    })
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: `No route ${method} ${path}` },
    })
  }
})

it.each(['/nope', '/wallet/nope'])(
  "GET %s from a browser: a styled 404 page, not express's",
  async (path) => {
    const response = await fetch(`${sim.url}${path}?a=<b>`, { headers: { accept: BROWSER } })
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await response.text()
    expect(html).not.toContain('Cannot GET')
    expect(html).toContain('<title>Not found · wallet-sim</title>')
    expect(html).toContain('<h1>Nothing here</h1>')
    expect(html).toContain(`<code>No route GET ${path}</code>`)
    expect(html).toContain('<style>')
    expect(html).toContain('<a href="/">The index</a>')
    // The path is text: markup in it is escaped.
    const odd = await fetch(`${sim.url}/%3Cscript%3Ex`, { headers: { accept: BROWSER } })
    expect(await odd.text()).not.toContain('<script>')
  },
)

it('the pages and routes that exist are untouched: the index, the wallet pages', async () => {
  for (const path of ['/', '/dev']) {
    expect((await fetch(`${sim.url}${path}`, { headers: { accept: BROWSER } })).status).toBe(200)
  }
})
