// `wallet-sim` command line: starts the simulator and prints its URLs and predeployed accounts.
import { parseArgs } from 'node:util'
import { startSim } from './index'

const started = performance.now()
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '3005' },
    host: { type: 'string', default: '127.0.0.1' },
    seed: { type: 'string', default: '0' },
    state: { type: 'string' },
    'block-time': { type: 'string', default: '0' },
    accounts: { type: 'string', default: '10' },
    approve: { type: 'string', default: 'manual' },
    email: { type: 'string' },
    'paymaster-key': { type: 'string', multiple: true },
    'allow-dapp': { type: 'string', multiple: true },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

if (values.help) {
  console.log(
    [
      'Usage: wallet-sim [--port 3005] [--host 127.0.0.1] [--seed N] [--state FILE] [--block-time MS] [--accounts N]',
      '                  [--approve manual|auto|reject] [--email ADDRESS] [--paymaster-key KEY]... [--allow-dapp HOST]...',
      '',
      '  --approve        who answers wallet prompts of headless (WebSocket) clients (default manual)',
      '  --email          with --approve auto: the user headless clients act as, logged in without a code',
      '  --paymaster-key  an api key the paymaster sponsors (default wallet-sim-sponsor); repeatable',
      '  --allow-dapp     a host name allowed to embed the wallet in an iframe (default localhost, 127.0.0.1)',
    ].join('\n'),
  )
  process.exit(0)
}

const int = (name: string, v: string) => {
  const n = Number(v)
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a non-negative integer, got ${v}`)
    process.exit(2)
  }
  return n
}

const approve = values.approve
if (approve !== 'manual' && approve !== 'auto' && approve !== 'reject') {
  console.error(`--approve must be manual, auto or reject, got ${approve}`)
  process.exit(2)
}
if (values.email && approve !== 'auto') {
  console.error('--email needs --approve auto (it logs that user in without a code)')
  process.exit(2)
}

const sim = await startSim({
  approve,
  logger: { info: (message: string) => console.log(message) },
  ...(values.email ? { email: values.email } : {}),
  ...(values['paymaster-key'] ? { paymasterApiKeys: values['paymaster-key'] } : {}),
  ...(values['allow-dapp'] ? { allowedDapps: values['allow-dapp'] } : {}),
  port: int('port', values.port),
  host: values.host,
  seed: int('seed', values.seed),
  accounts: int('accounts', values.accounts),
  blockTime: int('block-time', values['block-time']),
  ...(values.state ? { stateFile: values.state } : {}),
})

const lines = [
  `wallet-sim listening on ${sim.url}`,
  `  hosted wallet:  ${sim.url}/interstitialLogin   (iframe: /iframes/comms; WebSocket: ${sim.trpcUrl})`,
  `  paymaster:      ${sim.url}/paymaster/v1   cosigner: ${sim.url}/cosigner   backend: ${sim.url}/v1`,
  `  dev API:        ${sim.url}/dev   (login codes: ${sim.url}/dev/inbox/<email>; prompts: --approve ${approve})`,
  `  JSON-RPC 0.10: ${sim.url}/rpc  and ${sim.url}/rpc/v0_10   (starknet.js v10)`,
  `  JSON-RPC 0.9:  ${sim.url}/rpc/v0_9                       (starknet.js v8)`,
  `  WebSocket API: ${sim.rpcWsUrl} (0.10; also /rpc/v0_10, /ws) and ${sim.rpcWsUrl}/v0_9 (0.9)`,
  `  chain id SN_SEPOLIA, ${values['block-time'] === '0' ? 'a block per transaction' : `a block every ${values['block-time']} ms`}${values.state ? `, state in ${values.state}` : ''}`,
  '',
  `Predeployed accounts (seed ${values.seed}; 1000 STRK, 1000 ETH and 1000 DEMO each):`,
  ...sim.accounts.flatMap((a, i) => [
    `| Account #${i}`,
    `| Address     ${a.address}`,
    `| Public key  ${a.public_key}`,
    `| Private key ${a.private_key}`,
    '',
  ]),
  `Ready in ${Math.round(performance.now() - started)} ms`,
]
console.log(lines.join('\n'))

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void sim.close().finally(() => process.exit(0))
  })
}
