// The `wallet-sim` command line as a child process: a bad option exits with code 2 and a message; the
// paymaster key and login flags reach the running services. The children run the CLI's bundle of the current
// sources (scripts/bundleCli.mjs, what `npm start` and the bin run): bundled once per file, each starts in
// a fraction of a second, where loading the sources module by module through tsx took about 3 s of CPU each.
import { type ChildProcess, spawn } from 'node:child_process'
import { type AddressInfo, createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { getPublicKey, Signature, verify } from '@scure/starknet'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error: a plain ES module script, without declarations
import { bundleCli } from '../scripts/bundleCli.mjs'
import { OZ_ACCOUNT_CLASS_HASH } from './chain/contracts/account'
import { relayerAccountOf } from './services/paymaster/relayer'
import { answerDigest } from './services/paymaster/signature'

const CLI = fileURLToPath(new URL('../dist/bin/cli.mjs', import.meta.url))
const children: ChildProcess[] = []
// Written atomically (a temporary file renamed over the old one): a CLI started meanwhile elsewhere reads a whole one.
beforeAll(() => bundleCli(), 30_000)
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
})

/** Runs the CLI; `ready` resolves with its output once the banner is complete, `exited` with the exit code. */
function run(args: readonly string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  })
  children.push(child)
  let stdout = ''
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stderr })),
  )
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      if (/^Ready in \d+ ms$/m.test(stdout)) resolve(stdout)
    })
    void exited.then(({ code }) => reject(new Error(`wallet-sim exited with ${code}: ${stderr}`)))
  })
  ready.catch(() => {}) // a run expected to fail awaits `exited` only
  return { ready, exited }
}

/** A port nothing listens on: one the system just gave out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe('wallet-sim CLI', () => {
  it('exits with code 2 and says what is wrong with a bad option', async () => {
    const { code, stderr } = await run(['--paymaster-private-key', '0x0']).exited
    expect(code).toBe(2)
    expect(stderr.trim()).toMatch(/^--paymaster-private-key must be a Stark curve scalar, from 0x1 to 0x8/)
  }, 30_000)

  it('signs paymaster answers with --paymaster-private-key and applies the login flags', async () => {
    const key = '0x5e5e5e'
    const publicKey = `0x${Buffer.from(getPublicKey(key, false)).toString('hex')}`
    const flags = '--port 0 --accounts 1 --login-token-ttl 120 --login-code-ttl 30 --no-login-rate-limit'
    const banner = await run([...flags.split(' '), '--paymaster-private-key', key]).ready
    const url = /listening on (http:\/\/\S+)/.exec(banner)?.[1]
    expect(banner).toContain(publicKey)
    expect(banner).toContain('tokens last 120 s, codes 30 s and 5 tries; /login/start not rate-limited')

    const prices = await fetch(`${url}/paymaster/v1/gas-token-prices`, {
      headers: { 'ask-signature': 'true' },
    })
    const [r = '', s = ''] = prices.headers.get('signature')?.split(',') ?? []
    const signature = new Signature(BigInt(r), BigInt(s))
    expect(verify(signature, answerDigest(await prices.text()).toString(16), publicKey.slice(2))).toBe(true)

    // The default limit is 5 codes per e-mail and IP in 10 minutes.
    for (let i = 0; i < 8; i++) {
      const started = await fetch(`${url}/login/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'load@test.dev' }),
      })
      expect(started.status).toBe(200)
    }
  }, 60_000)

  it('stops with code 1 and says so when the --node is unreachable; refuses a --node that is no http(s) URL', async () => {
    const node = `http://127.0.0.1:${await closedPort()}/rpc`
    const down = await run(['--port', '0', '--node', node]).exited
    expect(down.code).toBe(1)
    expect(down.stderr.trim()).toBe(`wallet-sim: The node at ${node} is unreachable (ECONNREFUSED)`)
    const bad = await run(['--node', 'localhost:5050']).exited
    expect(bad.code).toBe(2)
    expect(bad.stderr.trim()).toBe(
      '--node must be an http(s) URL of a Starknet JSON-RPC endpoint, got localhost:5050',
    )
  }, 60_000)

  it("prints the relayer's address but neither its key nor the guardian's; the environment sets both", async () => {
    const guardian = '0x67756172646961e5'
    const relayerKey = '0x72656c61796572e5'
    const banner = await run(['--port', '0', '--accounts', '2'], {
      WALLET_SIM_GUARDIAN_PRIVATE_KEY: guardian,
      WALLET_SIM_RELAYER_PRIVATE_KEY: relayerKey,
    }).ready
    const url = /listening on (http:\/\/\S+)/.exec(banner)?.[1]
    const relayer = relayerAccountOf(relayerKey).address
    expect(banner).toContain(`relayer:        ${relayer}`)
    for (const key of [guardian, relayerKey]) expect(banner).not.toContain(key.slice(2))
    // The relayer is deployed and funded, and the node's predeployed list does not give its key.
    const rpc = async (method: string, params: object = {}) =>
      (
        (await (
          await fetch(`${url}/rpc`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
          })
        ).json()) as { result: unknown }
      ).result
    expect(await rpc('starknet_getClassHashAt', { block_id: 'latest', contract_address: relayer })).toBe(
      `0x${OZ_ACCOUNT_CLASS_HASH.toString(16)}`,
    )
    const listed = (await rpc('devnet_getPredeployedAccounts')) as { address: string; private_key: string }[]
    expect(listed).toHaveLength(2)
    expect(listed.map((account) => BigInt(account.address))).not.toContain(BigInt(relayer))
    expect(listed.map((account) => BigInt(account.private_key))).not.toContain(BigInt(relayerKey))
  }, 60_000)

  it('refuses a bad --guardian-private-key without echoing it', async () => {
    const { code, stderr } = await run(['--guardian-private-key', '0xnotakey']).exited
    expect(code).toBe(2)
    expect(stderr.trim()).toBe('--guardian-private-key must be a hex felt: 0x and 1 to 64 hex digits')
  }, 30_000)
})
