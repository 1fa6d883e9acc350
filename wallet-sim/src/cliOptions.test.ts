import { readFileSync } from 'node:fs'
import { getPublicKey, getStarkKey, Point } from '@scure/starknet'
import { describe, expect, it } from 'vitest'
import { CliUsageError, NO_RATE_LIMIT, parseCliOptions, USAGE } from './cliOptions'

const refused = (args: string[]) => {
  try {
    parseCliOptions(args)
  } catch (error) {
    expect(error).toBeInstanceOf(CliUsageError)
    return (error as Error).message
  }
  throw new Error(`accepted: ${args.join(' ')}`)
}

describe('parseCliOptions', () => {
  it('starts with the defaults and no login limits or paymaster key of its own', () => {
    expect(parseCliOptions([])).toEqual({
      help: false,
      sim: { approve: 'manual', port: 3005, host: '127.0.0.1', seed: 0, accounts: 10, blockTime: 0 },
    })
    expect(parseCliOptions(['-h']).help).toBe(true)
  })

  it('passes the existing options through', () => {
    const { sim } = parseCliOptions(
      ['--port', '0', '--seed', '7', '--state', 's.json', '--block-time', '500', '--accounts', '2'].concat(
        ['--approve', 'auto', '--email', 'a@b.c', '--paymaster-key', 'k1', '--paymaster-key', 'k2'],
        ['--allow-dapp', 'app.test'],
      ),
    )
    expect(sim).toEqual({
      approve: 'auto',
      email: 'a@b.c',
      paymasterApiKeys: ['k1', 'k2'],
      allowedDapps: ['localhost', '127.0.0.1', 'app.test'],
      port: 0,
      host: '127.0.0.1',
      seed: 7,
      accounts: 2,
      blockTime: 500,
      stateFile: 's.json',
    })
  })

  it('turns the login flags into loginLimits, in milliseconds', () => {
    const { sim } = parseCliOptions([
      '--login-token-ttl',
      '60',
      '--login-code-ttl',
      '30',
      '--login-code-tries',
      '3',
      '--no-login-rate-limit',
    ])
    expect(sim.loginLimits).toEqual({
      tokenTtlMs: 60_000,
      codeTtlMs: 30_000,
      codeTries: 3,
      codesPerEmailAndClient: NO_RATE_LIMIT,
      codesPerEmail: NO_RATE_LIMIT,
      codesPerClient: NO_RATE_LIMIT,
    })
    expect(parseCliOptions(['--login-token-ttl=5']).sim.loginLimits).toEqual({ tokenTtlMs: 5000 })
  })

  it('reads --allow-dapp hosts and origins, --allow-host names and --open-dev-api', () => {
    const { sim } = parseCliOptions(
      [
        '--allow-dapp',
        'localhost',
        '--allow-dapp',
        'http://localhost:5173',
        '--allow-host',
        'wallet-sim',
      ].concat(['--allow-host', '[::1]', '--open-dev-api']),
    )
    expect(sim).toMatchObject({
      allowedDapps: ['localhost', '127.0.0.1', 'http://localhost:5173'],
      allowedHosts: ['wallet-sim', '[::1]'],
      openDevApi: true,
    })
    expect(parseCliOptions([]).sim).not.toHaveProperty('openDevApi')
  })

  it('refuses an --allow-dapp that is neither a host name nor an origin, and an --allow-host with a port', () => {
    for (const bad of ['localhost:5173', 'http://localhost:5173/app', 'ftp://x.test', 'http://', 'a b'])
      expect(refused(['--allow-dapp', bad])).toBe(
        `--allow-dapp ${bad}: ${bad.includes('://') ? 'give a host name (my-dapp.test) or an origin (http://localhost:5173: scheme, host and port, no path)' : 'give a host name without scheme or port (e.g. my-dapp.test), or an origin (http://localhost:5173)'}`,
      )
    expect(refused(['--allow-host', 'wallet-sim:3005'])).toBe(
      '--allow-host wallet-sim:3005: give a host name without scheme or port (e.g. my-dapp.test)',
    )
  })

  it('refuses login values that are not whole numbers of at least 1', () => {
    for (const bad of ['0', '-5', '1.5', '1e3', '0x10', '', ' 5', 'soon'])
      expect(refused([`--login-token-ttl=${bad}`])).toBe(
        `--login-token-ttl must be an integer of at least 1 up to 9007199254740, got ${JSON.stringify(bad)}`,
      )
    expect(refused(['--login-code-ttl', '9007199254741'])).toContain('--login-code-ttl must be an integer')
    expect(refused(['--login-code-tries', '0'])).toBe(
      '--login-code-tries must be an integer of at least 1, got "0"',
    )
  })

  it('reads the paymaster private key and derives the public keys clients verify with', () => {
    const cli = parseCliOptions(['--paymaster-private-key', '0x05E5E5E'])
    expect(cli.sim.paymasterPrivateKey).toBe('0x5e5e5e')
    expect(cli.paymasterPublicKey).toEqual({
      full: `0x${Buffer.from(getPublicKey('0x5e5e5e', false)).toString('hex')}`,
      stark: getStarkKey('0x5e5e5e'),
    })
    expect(cli.paymasterPublicKey?.full).toMatch(/^0x04[0-9a-f]{128}$/)
    const largest = `0x${(Point.Fn.ORDER - 1n).toString(16)}`
    expect(parseCliOptions(['--paymaster-private-key', largest]).sim.paymasterPrivateKey).toBe(largest)
  })

  it('reads the paymaster private key from WALLET_SIM_PAYMASTER_PRIVATE_KEY; the option wins', () => {
    const env = { WALLET_SIM_PAYMASTER_PRIVATE_KEY: '0x5e5e5e' }
    expect(parseCliOptions([], env).sim.paymasterPrivateKey).toBe('0x5e5e5e')
    expect(parseCliOptions(['--paymaster-private-key', '0x7'], env).sim.paymasterPrivateKey).toBe('0x7')
    expect(
      parseCliOptions([], { WALLET_SIM_PAYMASTER_PRIVATE_KEY: '' }).sim.paymasterPrivateKey,
    ).toBeUndefined()
    expect(() => parseCliOptions([], { WALLET_SIM_PAYMASTER_PRIVATE_KEY: '0xzz' })).toThrow(
      '--paymaster-private-key must be a hex felt',
    )
  })

  it.each([
    ['guardian', 'WALLET_SIM_GUARDIAN_PRIVATE_KEY', 'guardianPrivateKey'],
    ['relayer', 'WALLET_SIM_RELAYER_PRIVATE_KEY', 'relayerPrivateKey'],
  ] as const)(
    'reads the %s key from --%s-private-key or %s; the option wins; none by default',
    (name, variable, field) => {
      const option = `--${name}-private-key`
      expect(parseCliOptions([]).sim[field]).toBeUndefined()
      expect(parseCliOptions([option, '0xABC']).sim[field]).toBe('0xabc')
      expect(parseCliOptions([], { [variable]: '0x5e' }).sim[field]).toBe('0x5e')
      expect(parseCliOptions([option, '0x7'], { [variable]: '0x5e' }).sim[field]).toBe('0x7')
      expect(() => parseCliOptions([option, '0x0'])).toThrow(`${option} must be a Stark curve scalar`)
      expect(() => parseCliOptions([], { [variable]: 'secret' })).toThrow(`${option} must be a hex felt`)
    },
  )

  it('refuses a paymaster key outside the curve scalars, without echoing it', () => {
    const range = `from 0x1 to 0x${(Point.Fn.ORDER - 1n).toString(16)}`
    for (const bad of ['0x0', `0x${Point.Fn.ORDER.toString(16)}`, `0x${'f'.repeat(64)}`])
      expect(refused(['--paymaster-private-key', bad])).toBe(
        `--paymaster-private-key must be a Stark curve scalar, ${range}`,
      )
    for (const bad of ['5e5e5e', '0x', '0xzz', '123', `0x${'1'.repeat(65)}`, ' 0x1'])
      expect(refused([`--paymaster-private-key=${bad}`])).toBe(
        '--paymaster-private-key must be a hex felt: 0x and 1 to 64 hex digits',
      )
  })

  it('refuses bad values of the other options with a message naming the option', () => {
    expect(refused(['--port', '70000'])).toBe(
      '--port must be a non-negative integer up to 65535, got "70000"',
    )
    expect(refused(['--seed=-1'])).toBe('--seed must be a non-negative integer up to 4294967295, got "-1"')
    expect(refused(['--seed', '4294967296'])).toBe(
      '--seed must be a non-negative integer up to 4294967295, got "4294967296"',
    )
    expect(refused(['--approve', 'maybe'])).toBe('--approve must be manual, auto or reject, got maybe')
    expect(refused(['--email', 'a@b.c'])).toBe(
      '--email needs --approve auto or reject (it logs that user in without a code)',
    )
  })

  it('reads --node as an http(s) URL and refuses anything else', () => {
    expect(parseCliOptions(['--node', 'http://127.0.0.1:5050/rpc']).sim.node).toBe(
      'http://127.0.0.1:5050/rpc',
    )
    expect(() => parseCliOptions(['--node', 'ftp://node'])).toThrow(
      new CliUsageError('--node must be an http(s) URL of a Starknet JSON-RPC endpoint, got ftp://node'),
    )
  })

  it("makes parseArgs' own refusals usage errors", () => {
    expect(refused(['--login-rate-limit'])).toMatch(
      /^Unknown option '--login-rate-limit'.*\(see wallet-sim --help\)$/,
    )
    expect(refused(['--login-token-ttl'])).toMatch(/argument missing/)
    expect(refused(['--no-login-rate-limit=yes'])).toMatch(/does not take an argument/)
    expect(refused(['extra'])).toMatch(/^Unexpected argument: every option/)
    // A key that lost its option is not repeated in the message.
    const stray = refused(['--paymaster-private-key', '=', '0xabc123'])
    expect(stray).toMatch(/^Unexpected argument/)
    expect(stray).not.toContain('0xabc123')
  })

  it('has a row in the option table of docs/wallet-sim-cli.md for every option --help lists', () => {
    const readme = readFileSync(new URL('../../docs/wallet-sim-cli.md', import.meta.url), 'utf8')
    const options = new Set(USAGE.match(/--[a-z-]+/g))
    expect(options.size).toBeGreaterThan(14)
    for (const option of options) expect(readme).toMatch(new RegExp(`^\\| \`${option}[ \`]`, 'm'))
  })
})
