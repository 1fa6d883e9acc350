// Robustness of every HTTP route of the simulator's services and wallet API: whatever a client sends (any
// JSON body, query, path parameter, with or without a login), the answer is a client error or a result,
// never a 500 from our own code, and the simulator keeps serving.
import fc from 'fast-check'
import { expect, it } from 'vitest'
import { startSim } from './index'
import { clientValues } from './testValues'

const ROUTES: ReadonlyArray<readonly [method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string]> = [
  ['POST', '/login/start'],
  ['POST', '/login/verify'],
  ['GET', '/login/me'],
  ['POST', '/login/logout'],
  ['GET', '/wallet/api/chainId'],
  ['GET', '/wallet/api/account'],
  ['GET', '/wallet/api/permissions'],
  ['GET', '/wallet/api/loginStatus'],
  ['POST', '/wallet/api/connect'],
  ['POST', '/wallet/api/disconnect'],
  ['POST', '/wallet/api/signTypedData'],
  ['POST', '/wallet/api/signSession'],
  ['POST', '/wallet/api/execute'],
  ['GET', '/wallet/api/deploymentData'],
  ['GET', '/wallet/approvals'],
  ['POST', '/wallet/approvals/:id'],
  ['GET', '/paymaster/v1/status'],
  ['GET', '/paymaster/v1/gas-token-prices'],
  ['GET', '/paymaster/v1/accounts/:address/compatible'],
  ['GET', '/paymaster/v1/accounts/:address/rewards'],
  ['POST', '/paymaster/v1/build-typed-data'],
  ['POST', '/paymaster/v1/execute'],
  ['POST', '/cosigner/signSession'],
  ['POST', '/cosigner/signSessionEFO'],
  ['GET', '/v1/tokens/info'],
  ['GET', '/v1/tokens/info/:address'],
  ['GET', '/v1/tokens/prices'],
  ['GET', '/v1/tokens/defi/:address/investments'],
  ['GET', '/v1/airdrops/:address'],
  ['GET', '/v1/starknet-id/profile/:address'],
  ['GET', '/v1/activity/starknet/:network/account/:address/balance'],
  ['GET', '/allowlist'],
  ['GET', '/dev/inbox/:email'],
  ['PUT', '/dev/approval'],
  ['POST', '/dev/time'],
  ['POST', '/dev/accounts'],
  ['POST', '/dev/accounts/:address/fund'],
  ['POST', '/dev/accounts/:address/name'],
  ['GET', '/dev/accounts/:address/name'],
  ['POST', '/dev/faults'],
]

const json = clientValues(
  [
    'email',
    'code',
    'name',
    'amount',
    'calls',
    'typedData',
    'session',
    'transaction',
    'message',
    'userAddress',
    'gasTokenAddress',
    'accountClassHash',
    'signature',
    'mode',
    'set',
    'increase',
    'route',
    'status',
    'origin',
    'contractAddress',
    'entrypoint',
    'calldata',
  ],
  ['0x1', '0x0', '', 'latest', 'ann@example.com', '123456', 'alice.stark', 'manual', 'auto'],
)

const segment = fc.oneof(
  fc.constantFrom('0x1', '0x0', 'ann@example.com', 'mainnet', 'sepolia', '%ZZ', '..', 'x'.repeat(300)),
  fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent),
)

it('answers any request to any route with a client error or a result, never a 500 of its own', async () => {
  await using sim = await startSim({ accounts: 1, approve: 'reject' })
  const email = 'fuzz@example.com'
  sim.walletSim.login.start(email)
  const { token } = await sim.walletSim.login.verify(email, sim.walletSim.inbox.latest(email)!.code!)
  const statuses: Record<number, number> = {}
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...ROUTES),
      json,
      fc.array(segment, { minLength: 2, maxLength: 2 }),
      fc.boolean(),
      fc.dictionary(fc.constantFrom('origin', 'address', 'token', 'x'), fc.string(), { maxKeys: 2 }),
      async ([method, template], body, [a, b], withLogin, query) => {
        let n = 0
        const path = template.replace(/:\w+/g, () => (n++ === 0 ? a! : b!))
        const headers: Record<string, string> = { 'content-type': 'application/json', 'api-key': 'fuzz' }
        if (withLogin) headers.authorization = `Bearer ${token}`
        const response = await fetch(`${sim.url}${path}?${new URLSearchParams(query)}`, {
          method,
          headers,
          ...(method === 'GET' ? {} : { body: JSON.stringify(body) }),
        })
        const text = await response.text()
        statuses[response.status] = (statuses[response.status] ?? 0) + 1
        // The paymaster answers 500 for a call that fails on chain, as AVNU does ('Contract error').
        if (response.status >= 500)
          expect(text, `${method} ${path} ${JSON.stringify(body)} → ${response.status}`).toMatch(
            /Contract error|CONTRACT_ERROR/,
          )
      },
    ),
    { numRuns: 600 },
  )
  expect((await fetch(`${sim.url}/is_alive`)).status).toBe(200)
  // The fuzz reaches real handlers: both successes and client errors are seen.
  expect(Object.keys(statuses).some((s) => s.startsWith('2'))).toBe(true)
  expect(Object.keys(statuses).some((s) => s.startsWith('4'))).toBe(true)
}, 180_000)
