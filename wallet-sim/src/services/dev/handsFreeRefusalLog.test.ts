// A page that gets the login screen instead of the hands-free user (--approve auto or reject with --email,
// but its origin is not an exact --allow-dapp one) is told why in wallet-sim's log: one line per origin.
import { expect, it } from 'vitest'
import { startSim } from '../../index'

async function start(approve: 'auto' | 'manual') {
  const lines: string[] = []
  const sim = await startSim({
    accounts: 1,
    approve,
    ...(approve === 'auto' ? { email: 'dev@example.com' } : {}),
    allowedDapps: ['http://localhost:5173'],
    logger: { info: (line) => lines.push(line) },
  })
  // What the wallet page sends for the dapp it serves (its own origin in the header, the dapp's in the body).
  const devLogin = (dapp: string) =>
    fetch(`${sim.url}/wallet/api/devLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: sim.url },
      body: JSON.stringify({ origin: dapp }),
    }).then((r) => r.status)
  return { sim, lines, devLogin }
}

it('logs once per origin why a page did not get the --email user of --approve auto', async () => {
  const { sim, lines, devLogin } = await start('auto')
  await using _ = sim
  expect(await devLogin('http://localhost:5173')).toBe(200)
  expect(await devLogin('http://127.0.0.1:5173')).toBe(403)
  expect(await devLogin('http://127.0.0.1:5173')).toBe(403)
  const told = lines.filter((line) => line.startsWith('[hands-free]'))
  expect(told).toEqual([
    '[hands-free] http://127.0.0.1:5173 gets the login screen, not the --email user of --approve auto: it is not an exact --allow-dapp origin (restart with --allow-dapp http://127.0.0.1:5173)',
  ])
})

it('says nothing in manual mode, where every page logs in with a code', async () => {
  const { sim, lines, devLogin } = await start('manual')
  await using _ = sim
  expect(await devLogin('http://127.0.0.1:5173')).toBe(403)
  expect(lines.filter((line) => line.startsWith('[hands-free]'))).toEqual([])
})
