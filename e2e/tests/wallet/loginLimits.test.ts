// The e-mail login's limits are a simulator option (`loginLimits`), as LoginService's `limits`: here one
// code per e-mail per minute, then 429 with Retry-After; every limit left out keeps its default.
import { expect, test } from 'vitest'
import { startWalletSim } from './walletServer'

test('loginLimits reaches the login service: the second code within the window is 429 with Retry-After', async () => {
  await using sim = await startWalletSim({ loginLimits: { codesPerEmail: { max: 1, windowMs: 60_000 } } })
  expect(sim.login.limits).toMatchObject({
    codesPerEmail: { max: 1, windowMs: 60_000 },
    codesPerClient: { max: 30, windowMs: 600_000 },
    tokenTtlMs: 86_400_000,
  })
  const start = () =>
    fetch(`${sim.url}/login/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'limited@example.com' }),
    })
  expect((await start()).status).toBe(200)
  const refused = await start()
  expect(refused.status).toBe(429)
  expect(refused.headers.get('retry-after')).toBe('60')
  expect(await refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', retryAfter: 60 })
})
