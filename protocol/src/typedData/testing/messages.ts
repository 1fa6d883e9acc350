// The SNIP-12 (revision 1, Sepolia) messages every suite has a wallet sign: one home for the unit tests of
// each workspace and the e2e suites (e2e/support/typedData.ts hands them on), not a copy per file.
import type { SessionSignRequest } from '../../entities/connector'
import { starknetDomainType } from '../../session/typedDataJson'
import { STRK_ADDRESS } from '../../starknet/tokens'
import { OUTSIDE_EXECUTION_V2_TYPES } from '../known'

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

/** The window of an {@link outsideExecution}, in seconds, spelled as the message will carry it. */
export interface OutsideExecutionWindow {
  readonly after?: string
  readonly before?: string
}

/**
 * SNIP-9 v2 typed data as a dapp or paymaster asks for it: anyone may submit one `transfer` of STRK with
 * `calldata` exactly as given (any spelling), within `window` (by default from 0 to 2026-01-01).
 * @example await account.signMessage(outsideExecution(['0xa77ac4', '1', '0'], { before: '1767229200' }))
 */
export const outsideExecution = (
  calldata: readonly string[],
  window: OutsideExecutionWindow = {},
  to: string = STRK_ADDRESS,
) => ({
  types: OUTSIDE_EXECUTION_V2_TYPES,
  primaryType: 'OutsideExecution',
  domain: { name: 'Account.execute_from_outside', version: '2', chainId: 'SN_SEPOLIA', revision: '1' },
  message: {
    Caller: '0x414e595f43414c4c4552',
    Nonce: '0x1',
    'Execute After': window.after ?? '0x0',
    'Execute Before': window.before ?? '1767229200',
    Calls: [{ To: to, Selector: 'transfer', Calldata: [...calldata] }],
  },
})

/** What a session consent asks for, in {@link sessionSignRequest}. */
export interface SessionShape {
  /** `[contract, selector]` pairs, as the dapp spells them. */
  methods: readonly (readonly [string, string])[]
  txFees: { tokenAddress: string; maxAmount: string }[]
  expiresAt?: number
  projectID?: string
}

/**
 * A session request as a dapp sends it for the consent screen (typed data as given, never hashed here).
 *
 * @example
 * sessionSignRequest({ methods: [[STRK_ADDRESS, 'transfer']], txFees: [] })
 */
export function sessionSignRequest({
  methods,
  txFees,
  expiresAt = 1767229200,
  projectID,
}: SessionShape): SessionSignRequest {
  return {
    approvalRequests: [],
    sessionTypedData: {
      types: {},
      primaryType: 'Session',
      domain: { name: 'SessionAccount.session' },
      message: {
        'Expires At': expiresAt,
        'Allowed Methods': methods.map(([contract, selector]) => ({
          'Contract Address': contract,
          selector,
        })),
        Metadata: JSON.stringify({ ...(projectID === undefined ? {} : { projectID }), txFees }),
        'Session Key': '0x5e55',
      },
    },
  }
}
