// `npm run bench`'s user-test part (bench/userTests.ts: the injected wallet in headless Chromium) with a few
// runs of each: it breaks when a change to the injected wallet or wallet-sim's rules breaks it, long before
// anyone runs the full bench again.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'

const root = fileURLToPath(new URL('../../..', import.meta.url))

test('the bench user tests with the injected wallet run to their BENCH_JSON line', async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--conditions=@webwallet/source', '--import', 'tsx', 'bench/userTests.ts'],
    { cwd: root, env: { ...process.env, BENCH_QUICK: '1' }, timeout: 110_000 },
  )
  const line = stdout.split('\n').find((l) => l.startsWith('BENCH_JSON '))
  expect(line, stdout.slice(-2000)).toBeDefined()
  const result = JSON.parse(line!.slice('BENCH_JSON '.length))
  expect(result.userTest).toMatchObject({ count: 3, failures: 0 })
  expect(result.signedInTest).toMatchObject({ count: 3, failures: 0 })
}, 120_000)
