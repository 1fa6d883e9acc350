// starknet.js's `Account` as every supported major constructs it, without asking which major it is: v8 and
// later read one options object (`provider`, `address`, `signer`, `cairoVersion`), v6 and v7 read the first
// argument as the provider's options and the rest by position. The arguments below carry both forms at once,
// so each major reads the one it knows and ignores the other.
import { Account, type SignerInterface } from 'starknet'

/** What the session account's starknet.js base needs: the node it reads through and the session's signer. */
export interface AccountBaseOptions {
  readonly nodeUrl: string
  readonly fetch: typeof fetch
  readonly chainId: string
  readonly address: string
  readonly signer: SignerInterface
}

/** `Account`'s constructor, typed for both of its forms (the app's starknet.js picks the one it reads). */
export const AccountBase = Account as unknown as new (options: object, ...positional: unknown[]) => Account

/**
 * The constructor arguments of {@link AccountBase}. Reads ask the block tag 'latest', the default of v8
 * and later: v6 and v7 default to 'pending', which nodes refuse since JSON-RPC 0.9.
 *
 * @example
 * class SessionAccount extends AccountBase { constructor() { super(...accountArguments(options)) } }
 */
export function accountArguments(options: AccountBaseOptions): [object, ...unknown[]] {
  const provider = {
    nodeUrl: options.nodeUrl,
    baseFetch: options.fetch,
    chainId: options.chainId,
    blockIdentifier: 'latest',
  }
  const { address, signer } = options
  return [
    { ...provider, provider, address, signer, cairoVersion: '1' },
    address,
    signer,
    '1', // cairoVersion
    '0x3', // transactionVersion: a session sends V3 only
  ]
}
