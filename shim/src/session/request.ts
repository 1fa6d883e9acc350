import type { AllowedMethod, SessionMetadata } from '@webwallet/protocol'
import {
  bytesToHex,
  CHAIN_IDS,
  DEFAULT_TX_FEE_MAX_AMOUNTS,
  ETH_ADDRESS,
  SESSION_VALIDITY_DAYS_DEFAULT,
  SESSION_VALIDITY_DAYS_MAX,
  STRK_ADDRESS,
} from '@webwallet/protocol/constants'
import {
  buildSession,
  type Session,
  type SessionTypedData,
  type AllowedMethod as StoredAllowedMethod,
  selectorFelt,
  selectorFromName,
  sessionTypedData,
  toFelt,
  toHex,
} from '@webwallet/protocol/session'
import { ec } from 'starknet'

/** STRK then ETH: the fee tokens of the default session metadata. */
export const FEE_TOKENS = [STRK_ADDRESS, ETH_ADDRESS] as const

/** A fresh Stark key pair, hex strings. */
export interface SessionKeyPair {
  readonly privateKey: string
  readonly publicKey: string
}

/**
 * A fresh random Stark key pair for one session.
 *
 * @example
 * const { publicKey } = generateSessionKey()
 */
export function generateSessionKey(): SessionKeyPair {
  const privateKey = randomFelt()
  return { privateKey, publicKey: toHex(ec.starkCurve.getStarkKey(privateKey)) }
}

/**
 * The default metadata: the app name as projectID and fee caps of 10 STRK and 0.1 ETH (18 decimals).
 *
 * @example
 * sessionMetadata('my-game').txFees[0].maxAmount // '10000000000000000000'
 */
export function sessionMetadata(appName: string): SessionMetadata {
  return {
    projectID: appName,
    txFees: FEE_TOKENS.map((tokenAddress, i) => ({
      tokenAddress,
      maxAmount: DEFAULT_TX_FEE_MAX_AMOUNTS[i]!,
    })),
  }
}

/** Inputs of {@link createSessionRequest}. */
export interface SessionRequestParameters {
  readonly appName: string
  readonly allowedMethods: readonly AllowedMethod[]
  /** Default 30; above 30 only warns. */
  readonly validityDays?: number | undefined
  readonly chainId?: string | undefined
  readonly sessionKey: SessionKeyPair
  /** The key's signer GUID when it is no Stark key (a {@link SessionKeyKind}'s). */
  readonly sessionKeyGuid?: bigint | undefined
  /**
   * Milliseconds since the epoch (default Date.now()). The account and the cosigner check `expires_at`
   * against block time, so WebWallet passes its chain clock (session/clock.ts), never the device's alone.
   */
  readonly now?: number
  /** Adds a `transfer` of each fee token for the gasless route (default true): {@link sessionAllowedMethods}. */
  readonly feeTokenTransfers?: boolean | undefined
}

/** What the wallet is asked to sign, and the session it describes. */
export interface SessionRequest {
  readonly session: Session
  readonly typedData: SessionTypedData
  readonly sessionKey: SessionKeyPair
  readonly metadata: SessionMetadata
}

/**
 * Builds the x-sessions session (expiry in seconds, allowed methods, metadata, session-key GUID) and its
 * SNIP-12 typed data (domain 'SessionAccount.session').
 *
 * @example
 * const { typedData } = createSessionRequest({ appName: 'demo', allowedMethods: [{ contract, selector: 'play' }], sessionKey: generateSessionKey() })
 */
export function createSessionRequest(parameters: SessionRequestParameters): SessionRequest {
  const validityDays = parameters.validityDays ?? SESSION_VALIDITY_DAYS_DEFAULT
  if (validityDays > SESSION_VALIDITY_DAYS_MAX) {
    console.warn(
      `Session validity of ${validityDays} days is above the maximum of ${SESSION_VALIDITY_DAYS_MAX} days.`,
    )
  }
  const now = parameters.now ?? Date.now()
  const metadata = sessionMetadata(parameters.appName)
  const session = buildSession({
    expiresAt: BigInt(Math.floor(now / 1000 + validityDays * 86_400)),
    allowedMethods: sessionAllowedMethods(parameters.appName, parameters.allowedMethods, {
      feeTokenTransfers: parameters.feeTokenTransfers,
    }),
    metadata,
    sessionPublicKey: parameters.sessionKey.publicKey,
    sessionKeyGuid: parameters.sessionKeyGuid,
  })
  const chainId = parameters.chainId ?? CHAIN_IDS.SN_SEPOLIA
  return {
    session,
    typedData: sessionTypedData(session, chainId),
    sessionKey: parameters.sessionKey,
    metadata,
  }
}

/** Options of {@link sessionAllowedMethods}. */
export interface SessionScopeOptions {
  /**
   * Gasless mode (docs/protocol.md, Session scope): add a `transfer` of each fee token; default true. False grants
   * exactly the app's methods, and the paymaster's gas-token route (which appends a fee transfer) cannot run.
   */
  readonly feeTokenTransfers?: boolean | undefined
}

/**
 * The allowed methods a session is signed with: the app's, plus in gasless mode (`feeTokenTransfers`, default
 * true) a `transfer` of each `txFees` token the app did not list, so the paymaster's fee is payable without a
 * blanket transfer grant (the cosigner co-signs it only to the fee recipient, within the caps). Deterministic:
 * the store recomputes it on load.
 *
 * @example
 * sessionAllowedMethods('demo', [{ contract: game, selector: 'play' }]).length // 3 (play, STRK and ETH transfer)
 */
export function sessionAllowedMethods(
  appName: string,
  allowedMethods: readonly AllowedMethod[],
  { feeTokenTransfers = true }: SessionScopeOptions = {},
): StoredAllowedMethod[] {
  const methods = allowedMethods.map((m) => ({ 'Contract Address': m.contract, selector: m.selector }))
  if (!feeTokenTransfers) return methods
  const transfer = selectorFromName('transfer')
  for (const { tokenAddress } of sessionMetadata(appName).txFees) {
    const listed = methods.some(
      (m) => toFelt(m['Contract Address']) === toFelt(tokenAddress) && selectorFelt(m.selector) === transfer,
    )
    if (!listed) methods.push({ 'Contract Address': tokenAddress, selector: 'transfer' })
  }
  return methods
}

/**
 * A random felt below the curve order (a Stark private key): session keys, outside-execution nonces.
 *
 * @example
 * randomFelt() // '0x5f3…'
 */
export function randomFelt(): string {
  const bytes = ec.starkCurve.utils.randomPrivateKey()
  return toHex(`0x${bytesToHex(bytes)}`)
}
