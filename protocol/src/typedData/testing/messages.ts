// The SNIP-12 (revision 1, Sepolia) messages every suite has a wallet sign: one home for the unit tests of
// each workspace and the e2e suites (e2e/support/typedData.ts hands them on), not a copy per file.
import { starknetDomainType } from '../../session/typedDataJson'

const domain = (name: string) => ({ name, version: '1', chainId: 'SN_SEPOLIA', revision: '1' })

/** Where a {@link mail} goes and which dapp's domain it carries. */
export interface MailOptions {
  /** A `to: ContractAddress` field, first; without it the message holds text only. */
  readonly to?: string
  /** The domain's name; `Demo` by default. */
  readonly name?: string
}

/**
 * A dapp's `Mail { to?, contents }` message: text only unless `to` is given.
 * @example await account.signMessage(mail('gm', { to: '0x1234' }))
 */
export function mail(contents = 'hello', options: MailOptions = {}) {
  const { to, name = 'Demo' } = options
  const address = to === undefined ? [] : [{ name: 'to', type: 'ContractAddress' }]
  const message: { to?: string; contents: string } = to === undefined ? { contents } : { to, contents }
  return {
    types: {
      StarknetDomain: starknetDomainType(),
      Mail: [...address, { name: 'contents', type: 'shortstring' }],
    },
    primaryType: 'Mail',
    domain: domain(name),
    message,
  }
}

/**
 * Typed data with a `Greeting { text }` message saying `text`.
 * @example const signature = await account.signMessage(greeting('gm'))
 */
export const greeting = (text: string) => ({
  types: { StarknetDomain: starknetDomainType(), Greeting: [{ name: 'text', type: 'shortstring' }] },
  primaryType: 'Greeting',
  domain: domain('Demo'),
  message: { text },
})
