// The sessions the wallet signed, by session hash, so the cosigner can check each co-signed call against
// the session's allowed methods, expiry and key, and getLoginStatus can tell an app whether it has one.
// Plain JSON, so the state store keeps them across restarts.
import type { TypedData } from '@webwallet/protocol'
import { toHex } from '@webwallet/protocol/constants'
import { ValidationError } from '@webwallet/protocol/errors'
import { readSessionMetadata } from '@webwallet/protocol/procedures'
import { allowedMethodLeaf, chainIdFelt, merkleRoot, selectorFelt } from '@webwallet/protocol/session'
import { typedDataMeaning } from '@webwallet/protocol/typedData'
import { typedData as snip12 } from 'starknet'
import * as z from 'zod/mini'
import type { SessionRecord } from '../../services/cosigner/checks'

const TxFees = z.array(z.object({ tokenAddress: z.string(), maxAmount: z.string() }))
const Record = z.object({
  allowedMethods: z.array(z.object({ contractAddress: z.string(), selector: z.string() })),
  expiresAt: z.number(),
  txFees: z.optional(TxFees),
  /** The account that signed it (normalised hex); absent in state saved before it was recorded. */
  account: z.optional(z.string()),
  /** The app origin it was signed for; absent likewise. */
  origin: z.optional(z.string()),
  /** The Merkle root of the allowed methods, as the account sees the session; absent likewise. */
  allowedMethodsRoot: z.optional(z.string()),
  /** The session key's signer GUID (the message's `Session Key`); absent likewise. */
  sessionKeyGuid: z.optional(z.string()),
  /** The chain id of the typed data's domain (hex felt); absent likewise. */
  chainId: z.optional(z.string()),
})
/** Session hash → allowed methods and expiry. */
export const SessionsState = z.record(z.string(), Record)
export type SessionsState = z.infer<typeof SessionsState>

const SessionMessage = z.object({
  Metadata: z.optional(z.string()),
  'Expires At': z.union([z.string(), z.number()]),
  'Allowed Methods': z.array(z.object({ 'Contract Address': z.string(), selector: z.string() })),
  'Session Key': z.union([z.string(), z.number()]),
})

/**
 * True for Argent session typed data as protocol's canonical reader knows it (by its felts, whatever the
 * spelling), whichever way the app asked; typed data the reader refuses is no session.
 *
 * @example
 * isSessionTypedData(sessionRequest.sessionTypedData) // true
 */
export function isSessionTypedData(typedData: unknown): boolean {
  try {
    return typedDataMeaning(typedData).kind.kind === 'session'
  } catch {
    return false
  }
}

/**
 * Throws ValidationError (wallet API 114) when session typed data lacks what a session is made of (expiry,
 * allowed methods, session key), so the wallet refuses it before signing anything.
 * @example assertSessionMessage(sessionRequest.sessionTypedData)
 */
export function assertSessionMessage(typedData: TypedData): void {
  const parsed = SessionMessage.safeParse(typedData.message)
  if (!parsed.success) {
    throw new ValidationError(
      parsed.error.issues.map((issue) => ({
        path: ['message', ...issue.path.map(String)],
        message: `Session typed data: ${issue.path.map(String).join('.') || 'message'}: ${issue.message}`,
      })),
    )
  }
}

/**
 * @example
 * const sessions = createSessionRegistry(saved)
 * sessions.register(sessionTypedData, accountAddress, 'https://dapp.example')
 * sessions.lookup(sessionHash) // { allowedMethods, expiresAt, account, origin, allowedMethodsRoot, sessionKeyGuid }
 * sessions.signedFor(accountAddress, 'https://dapp.example') // [{ hash, expiresAt, … }]
 */
export function createSessionRegistry(initial: unknown = {}) {
  const state: SessionsState = structuredClone(SessionsState.parse(initial))
  const listeners = new Set<(state: SessionsState) => void>()
  return {
    /** Records a session the owner just signed for `origin`; its hash is the SNIP-12 hash for the account. */
    register(typedData: TypedData, accountAddress: string, origin?: string): string {
      const message = SessionMessage.parse(typedData.message)
      const methods = message['Allowed Methods']
      const hash = toHex(BigInt(snip12.getMessageHash(typedData as never, accountAddress)))
      state[hash] = {
        allowedMethods: methods.map((m) => ({
          contractAddress: m['Contract Address'],
          selector: m.selector,
        })),
        expiresAt: Number(message['Expires At']),
        ...feeCapsOf(message.Metadata),
        account: felt(accountAddress),
        ...(origin === undefined ? {} : { origin }),
        allowedMethodsRoot: toHex(
          merkleRoot(methods.map((m) => allowedMethodLeaf(m['Contract Address'], selectorFelt(m.selector)))),
        ),
        sessionKeyGuid: felt(String(message['Session Key'])),
        ...chainIdOf(typedData),
      }
      for (const listener of [...listeners]) listener(structuredClone(state))
      return hash
    },
    lookup(sessionHash: string): SessionRecord | undefined {
      return state[felt(sessionHash)]
    },
    /** The sessions `account` signed for `origin`, with their hashes (expired and revoked ones too). */
    signedFor(account: string, origin: string): (SessionsState[string] & { hash: string })[] {
      const wanted = felt(account)
      return Object.entries(state)
        .filter(([, record]) => record.account === wanted && record.origin === origin)
        .map(([hash, record]) => ({ ...structuredClone(record), hash }))
    },
    /** Every session `account` signed, with its hash (expired and revoked ones too). */
    signedBy(account: string): (SessionsState[string] & { hash: string })[] {
      const wanted = felt(account)
      return Object.entries(state)
        .filter(([, record]) => record.account === wanted)
        .map(([hash, record]) => ({ ...structuredClone(record), hash }))
    },
    snapshot: (): SessionsState => structuredClone(state),
    /** Called with the new state after every change; returns the unsubscribe function. */
    onChange(listener: (state: SessionsState) => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export type SessionRegistry = ReturnType<typeof createSessionRegistry>

const felt = (value: string) => toHex(BigInt(value))

// The wallet records only sessions on its own chain, whose chain id it has read already.
function chainIdOf(typedData: TypedData): { chainId?: string } {
  try {
    return { chainId: toHex(chainIdFelt(String(typedData.domain.chainId ?? ''))) }
  } catch {
    return {}
  }
}

/**
 * The fee caps of the session metadata, read by the consent screen's parser (the wallet refused metadata it
 * cannot read before signing; this throws ValidationError for it); none when it has none.
 */
function feeCapsOf(metadata: string | undefined): { txFees?: SessionsState[string]['txFees'] } {
  const { txFees } = readSessionMetadata(metadata)
  if (txFees.length === 0) return {}
  return {
    txFees: txFees.map((fee) => ({ tokenAddress: fee.tokenAddress, maxAmount: fee.maxAmount.toString() })),
  }
}
