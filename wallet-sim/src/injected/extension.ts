// `wallet-sim extension <dir>`: writes a Manifest V3 browser extension for development that puts the injected
// wallet into the pages of the origins the developer allows (local hosts by default), in the page's main world
// at document_start, so any dapp shows wallet-sim among its wallets. The extension asks for no permission: its
// content script's match patterns are its only reach, and wallet-sim's own origin rules still decide what each
// page may do (see pageScript.ts).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { INJECTED_WALLET_VERSION } from './route'
import { INJECTED_IDENTITIES, type InjectedIdentity, injectedWalletScript } from './script'

/** The pages the extension injects into unless told otherwise: local hosts, any port. */
export const DEFAULT_EXTENSION_MATCHES = ['http://localhost/*', 'http://127.0.0.1/*'] as const

/** SN_SEPOLIA: the built-in chain's id, the wallet object's `chainId` (the wallet itself answers the real one). */
const SN_SEPOLIA = '0x534e5f5345504f4c4941'

export interface ExtensionOptions {
  /** wallet-sim's origin; default http://localhost:3005. */
  readonly url?: string
  /** Which wallet it presents itself as; default `walletsim`. */
  readonly as?: InjectedIdentity
  /** Chrome match patterns of the pages it injects into; default local hosts (any port). */
  readonly matches?: readonly string[]
}

/** A command line `wallet-sim extension` refuses (the CLI prints the message and exits with 2). */
export class ExtensionUsageError extends Error {
  override name = 'ExtensionUsageError'
}

export const EXTENSION_USAGE = [
  'Usage: wallet-sim extension <dir> [--url http://localhost:3005] [--as walletsim|argentX|braavos] [--match PATTERN]...',
  '',
  '  Writes a development browser extension (Manifest V3) into <dir>: load it in Chrome with',
  '  chrome://extensions > Developer mode > Load unpacked. It adds wallet-sim as an injected wallet to the pages',
  `  of --match patterns only (default ${DEFAULT_EXTENSION_MATCHES.join(' ')}: local hosts, any port).`,
].join('\n')

// A pattern for one scheme and host (a subdomain wildcard is fine); never every site.
const PATTERN = /^(https?):\/\/(\*\.)?[a-z0-9.-]+(:\d+)?\/.*$/i

/**
 * The checked match patterns: each an http(s) pattern of one host (or its subdomains); `<all_urls>`, a `*`
 * scheme or host, and anything else are refused.
 * @example checkMatches(['http://localhost/*']) // ['http://localhost/*']
 */
export function checkMatches(matches: readonly string[]): string[] {
  if (matches.length === 0) throw new ExtensionUsageError('--match: give at least one pattern')
  for (const pattern of matches)
    if (!PATTERN.test(pattern))
      throw new ExtensionUsageError(
        `--match ${pattern}: give an http(s) pattern of one host (http://localhost/*, https://*.example.dev/*); the extension never injects into every site`,
      )
  return [...matches]
}

/**
 * Writes the extension (manifest.json, injected.js, README.txt) into `dir`; answers the files written.
 * @example writeExtension('./wallet-sim-extension', { as: 'argentX' })
 */
export function writeExtension(dir: string, options: ExtensionOptions = {}): string[] {
  const url = new URL(options.url ?? 'http://localhost:3005').origin
  const as = options.as ?? 'walletsim'
  const matches = checkMatches(options.matches ?? DEFAULT_EXTENSION_MATCHES)
  const manifest = {
    manifest_version: 3,
    name: `wallet-sim (development, as ${as})`,
    version: INJECTED_WALLET_VERSION,
    description: `Adds wallet-sim (${url}) as an injected Starknet wallet to ${matches.join(', ')}. For development only.`,
    content_scripts: [{ matches, js: ['injected.js'], run_at: 'document_start', world: 'MAIN' }],
  }
  const script = injectedWalletScript({
    walletOrigin: url,
    as,
    chainId: SN_SEPOLIA,
    version: INJECTED_WALLET_VERSION,
  })
  const readme = `wallet-sim development extension\n\nLoad it: chrome://extensions > Developer mode > Load unpacked > this folder.\nIt injects wallet-sim (${url}) as "${as}" into: ${matches.join(', ')}.\nStart wallet-sim with --allow-dapp <your dapp's origin> so its wallet page may be framed there.\n`
  mkdirSync(dir, { recursive: true })
  const files = {
    'manifest.json': `${JSON.stringify(manifest, null, 2)}\n`,
    'injected.js': script,
    'README.txt': readme,
  }
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  return Object.keys(files).map((name) => join(dir, name))
}

/**
 * Runs `wallet-sim extension …` (`args` after the word `extension`): the directory and the options.
 * @example parseExtensionArgs(['ext', '--as', 'braavos']) // { dir: 'ext', options: { as: 'braavos' } }
 */
export function parseExtensionArgs(args: readonly string[]): { dir: string; options: ExtensionOptions } {
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(args)
  } catch (error) {
    throw new ExtensionUsageError(error instanceof Error ? error.message : String(error))
  }
  const [dir, ...extra] = parsed.positionals
  if (dir === undefined || extra.length > 0) throw new ExtensionUsageError(EXTENSION_USAGE)
  const { url, as, match } = parsed.values
  if (as !== undefined && !(INJECTED_IDENTITIES as readonly string[]).includes(as))
    throw new ExtensionUsageError(`--as must be one of ${INJECTED_IDENTITIES.join(', ')}, got ${as}`)
  if (url !== undefined && !/^https?:\/\//.test(url))
    throw new ExtensionUsageError(`--url must be wallet-sim's http(s) origin, got ${url}`)
  return {
    dir,
    options: {
      ...(url === undefined ? {} : { url }),
      ...(as === undefined ? {} : { as: as as InjectedIdentity }),
      ...(match === undefined ? {} : { matches: match }),
    },
  }
}

const parse = (args: readonly string[]) =>
  parseArgs({
    args: [...args],
    allowPositionals: true,
    options: { url: { type: 'string' }, as: { type: 'string' }, match: { type: 'string', multiple: true } },
  })
