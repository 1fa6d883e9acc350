// `wallet-sim` command line: starts the simulator and prints its URLs and predeployed accounts.
import { type CliOptions, CliUsageError, parseCliOptions, USAGE } from './cliOptions'
import { NodeUnreachable, startSim } from './index'
// Static, not `await import()`: a lazily imported module makes the CLI bundle (scripts/bundleCli.mjs) wrap the
// protocol modules it shares in lazy initialisers, and a top-level read through a re-export (the chain's field
// prime) then ran before its initialiser.
import { ExtensionUsageError, parseExtensionArgs, writeExtension } from './injected/extension'
import { chainIdName } from './node/remote'

/** `wallet-sim extension <dir> …`: writes the development extension, prints where, and exits. */
async function extensionCommand(args: string[]): Promise<never> {
  try {
    const { dir, options } = parseExtensionArgs(args)
    const files = writeExtension(dir, options)
    console.log(`wallet-sim: wrote the development extension: ${files.join(', ')}`)
    console.log('Load it in Chrome: chrome://extensions > Developer mode > Load unpacked > that folder.')
    process.exit(0)
  } catch (error) {
    if (!(error instanceof ExtensionUsageError)) throw error
    console.error(error.message)
    process.exit(2)
  }
}

const started = performance.now()
if (process.argv[2] === 'extension') await extensionCommand(process.argv.slice(3))
let cli: CliOptions
try {
  cli = parseCliOptions(process.argv.slice(2), process.env)
} catch (error) {
  if (!(error instanceof CliUsageError)) throw error
  console.error(error.message)
  process.exit(2)
}

if (cli.help) {
  console.log(USAGE)
  process.exit(0)
}

const { approve, blockTime = 0, seed = 0, stateFile } = cli.sim
let sim: Awaited<ReturnType<typeof startSim>>
try {
  sim = await startSim({ ...cli.sim, logger: { info: (message: string) => console.log(message) } })
} catch (error) {
  // --node: the node is down, or is no Starknet node of a version wallet-sim speaks.
  if (!(error instanceof NodeUnreachable)) throw error
  console.error(`wallet-sim: ${error.message}`)
  process.exit(1)
}
const node = sim.node

const limits = sim.walletSim.login.limits
const { codesPerEmailAndClient: perPair, codesPerEmail: perEmail, codesPerClient: perIp } = limits
const minutes = (ms: number) => `${ms / 60_000} min`
const startLimits = Number.isFinite(perPair.max)
  ? `/login/start: ${perPair.max} codes per e-mail and IP in ${minutes(perPair.windowMs)}, ${perEmail.max} per e-mail in ${minutes(perEmail.windowMs)}, ${perIp.max} per IP in ${minutes(perIp.windowMs)}`
  : '/login/start not rate-limited'
const lines = [
  `wallet-sim listening on ${sim.url}`,
  `  hosted wallet:  ${sim.url}/interstitialLogin   (iframe: /iframes/comms; WebSocket: ${sim.trpcUrl})`,
  `  paymaster:      ${sim.url}/paymaster/v1   cosigner: ${sim.url}/cosigner   backend: ${sim.url}/v1`,
  `  relayer:        ${sim.walletSim.relayer.address} (the paymaster's own account; its key is not shown)`,
  ...(cli.paymasterPublicKey
    ? [
        `  paymaster key:  signs answers asked with ask-signature: true; public key (AVNU apiPublicKey, SDK serverPublicKey):`,
        `                  ${cli.paymasterPublicKey.full}`,
        `                  Stark key (also a serverPublicKey): ${cli.paymasterPublicKey.stark}`,
      ]
    : []),
  `  dev API:        ${sim.url}/dev   (login codes: ${sim.url}/dev/inbox/<email>; prompts: --approve ${approve})`,
  `  login:          tokens last ${limits.tokenTtlMs / 1000} s, codes ${limits.codeTtlMs / 1000} s and ${limits.codeTries} tries; ${startLimits}`,
  ...(node
    ? [
        `  node:           ${node.url} (JSON-RPC ${node.specVersion}, chain id ${chainIdName(node.chainId)}): every service uses it`,
        `  JSON-RPC:       ${sim.url}/rpc forwards to the node; its WebSocket API is the node's own`,
        `  Starknet ID names: built-in chain only (refused with --node)${stateFile ? `; wallet state in ${stateFile}.wallet` : ''}`,
        '',
        `The node's predeployed accounts:`,
      ]
    : [
        `  JSON-RPC 0.10: ${sim.url}/rpc  and ${sim.url}/rpc/v0_10   (starknet.js v10)`,
        `  JSON-RPC 0.9:  ${sim.url}/rpc/v0_9                       (starknet.js v8)`,
        `  JSON-RPC 0.8:  ${sim.url}/rpc/v0_8                       (starknet.js v7)`,
        `  JSON-RPC 0.7:  ${sim.url}/rpc/v0_7                       (starknet.js v6)`,
        `  WebSocket API: ${sim.rpcWsUrl} (0.10; also /rpc/v0_10, /ws), ${sim.rpcWsUrl}/v0_9 (0.9) and /v0_8 (0.8)`,
        `  chain id SN_SEPOLIA, ${blockTime === 0 ? 'a block per transaction' : `a block every ${blockTime} ms`}${stateFile ? `, state in ${stateFile}` : ''}`,
        '',
        `Predeployed accounts (seed ${seed}; 1000 STRK, 1000 ETH and 1000 DEMO each):`,
      ]),
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
