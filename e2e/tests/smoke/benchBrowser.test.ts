// `npm run bench`'s Chromium part with a few iterations of each step: it breaks when a change to the wallet,
// the SDK or wallet-sim's access rules breaks its setup, long before anyone runs the full bench again.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'

const root = fileURLToPath(new URL('../../..', import.meta.url))

test('the bench latency part in headless Chromium runs to its BENCH_JSON line', async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--conditions=@webwallet/source', '--import', 'tsx', 'bench/browser/run.ts'],
    { cwd: root, env: { ...process.env, BENCH_QUICK: '1' }, timeout: 55_000 },
  )
  const line = stdout.split('\n').find((l) => l.startsWith('BENCH_JSON '))
  expect(line, stdout.slice(-2000)).toBeDefined()
  const result = JSON.parse(line!.slice('BENCH_JSON '.length))
  // Each restore reads the node's genesis block once (issue 36: a stored session of a chain that is gone is
  // SESSION_INVALID at connect); nothing else, and never the wallet.
  expect(result.restore.count).toBe(2)
  expect(result.restore.requests).toBeLessThanOrEqual(result.restore.count)
  expect(result.firstConnect.count).toBe(1)
  expect(result.requestRoundTrip.count).toBe(10)
  expect(result.walletHttp.count).toBe(10)
  expect(result.sessionExecute.count).toBe(1)
})
