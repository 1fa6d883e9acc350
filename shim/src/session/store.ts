import type { DeploymentPayload, Session as StoredSession } from '@webwallet/protocol'
import { SESSION_STORAGE_KEY, STORAGE_VALUE_MAX_LENGTH } from '@webwallet/protocol/constants'
import { InvalidStorageValueError } from '@webwallet/protocol/errors'
import { type AllowedMethod, toHex } from '@webwallet/protocol/session'
import { fields, hasShape, isArrayOf, isNumber, isOptional, isString } from '../http/shape'
import type { KeyVault } from '../storage/keyVault'
import type { SdkStorage } from '../storage/storage'
import { methodsTree } from './crypto'
import type { SessionRequest } from './request'
import type { ActiveSession } from './signature'

/**
 * Keeps the signed session under the key 'session', its private key sealed by the key vault; anything
 * unreadable is removed and loads as undefined. A session over the 4,096-character value limit is stored
 * compactly: `signature` dropped when it repeats `authorisationSignature`, allowed methods that `recompute`
 * gives replaced by their Merkle root and rebuilt on load (no list with that root: no methods, INVALID_SCOPE).
 *
 * @example
 * const sessions = createSessionStore(createStorage(), createKeyVault())
 * await sessions.save(active)
 */
export function createSessionStore(
  storage: SdkStorage,
  vault: KeyVault,
  /** Told when a stored session could not be used and was removed. */
  onDiscard: (reason: string) => void = () => {},
  /**
   * The allowed-method lists the app's options may have signed (each in signing order), for compact storage:
   * a session signed under another rule (e.g. before the fee-token transfers became gasless-only) still loads.
   */
  recompute?: () => readonly AllowedMethod[][],
  /**
   * Carry over a session stored with its key in the clear, as @argent/invisible-sdk 1.0.0 keeps it under the
   * same key: answers the key when it may be used (then it is sealed and written back), else undefined.
   */
  carryPlainKey?: (stored: StoredSession) => string | undefined,
) {
  const storedForm = (stored: StoredSession, sealed: string): CompactSession => {
    let value: CompactSession = { ...stored, sessionKey: { ...stored.sessionKey, privateKey: sealed } }
    if (fits(value)) return value
    if (sameList(value.signature, value.authorisationSignature)) {
      const { signature: _repeated, ...rest } = value
      value = rest
    }
    if (fits(value)) return value
    const methods = recompute?.().find((list) => list.length && sameMethods(list, stored.allowedMethods))
    if (!methods) return value
    return { ...value, allowedMethods: [], allowedMethodsRoot: toHex(methodsTree(methods).root) }
  }
  // A value under the key that is no session (not JSON, another shape) is not ours: never overwritten or removed.
  const foreign = () =>
    storage.get(SESSION_STORAGE_KEY) !== undefined &&
    !storage.getJson(SESSION_STORAGE_KEY, StoredSessionGuard)
  return {
    /**
     * Throws INVALID_STORAGE_VALUE when the session `request` would give cannot be stored even
     * compactly, so the user is never asked to sign it. The wallet's answer is estimated on the large
     * side (an owner and a guardian signature, a counterfactual deployment payload).
     */
    assertStorable(request: SessionRequest): void {
      const felt = `0x${'f'.repeat(64)}`
      const felts = (n: number) => Array.from({ length: n }, () => felt)
      const stored: StoredSession = {
        allowedMethods: request.session.allowedMethods.map((m) => ({ ...m })),
        sessionKey: { publicKey: request.sessionKey.publicKey, privateKey: '' },
        expiresAt: Number(request.session.expiresAt),
        address: felt,
        chainId: felt,
        authorisationSignature: felts(11),
        hash: felt,
        version: felt,
        sessionKeyGuid: felt,
        metadata: request.session.metadata,
        signature: felts(11),
        deploymentPayload: {
          classHash: felt,
          constructorCalldata: felts(8),
          addressSalt: felt,
          contractAddress: felt,
        },
      }
      // aesgcm:<12-byte iv>:<key text + 16-byte tag>, in hex.
      const sealed = `aesgcm:${'0'.repeat(24)}:${'0'.repeat(2 * (felt.length + 16))}`
      const length = JSON.stringify(storedForm(stored, sealed)).length
      if (length > STORAGE_VALUE_MAX_LENGTH) throw new InvalidStorageValueError(length)
    },
    /** Stores the session, unless the key holds a foreign value: then it lives in memory only. */
    async save(active: ActiveSession): Promise<void> {
      const sealed = await vault.seal(active.privateKey)
      if (!foreign()) storage.setJson(SESSION_STORAGE_KEY, storedForm(active.stored, sealed))
    },
    async load(): Promise<ActiveSession | undefined> {
      const compact = storage.getJson(SESSION_STORAGE_KEY, StoredSessionGuard) as CompactSession | undefined
      if (compact === undefined) return undefined
      const stored = expand(compact, recompute)
      const plain = stored.sessionKey.privateKey
      if (carryPlainKey && !plain.startsWith('aesgcm:')) {
        const privateKey = carryPlainKey(stored)
        if (privateKey === undefined) {
          storage.remove(SESSION_STORAGE_KEY)
          onDiscard('its session key, stored in the clear, is not the key the session names')
          return undefined
        }
        const active = {
          stored: { ...stored, sessionKey: { ...stored.sessionKey, privateKey: '' } },
          privateKey,
        }
        storage.setJson(SESSION_STORAGE_KEY, storedForm(active.stored, await vault.seal(privateKey)))
        return active
      }
      try {
        const privateKey = await vault.open(stored.sessionKey.privateKey)
        return { stored: { ...stored, sessionKey: { ...stored.sessionKey, privateKey: '' } }, privateKey }
      } catch {
        storage.remove(SESSION_STORAGE_KEY)
        onDiscard('its session key could not be unsealed on this device')
        return undefined
      }
    },
    /** The stored session without unsealing the key (its privateKey field is the sealed text). */
    peek(): StoredSession | undefined {
      return storage.getJson(SESSION_STORAGE_KEY, StoredSessionGuard)
    },
    /** Removes the stored session; a foreign value stays. */
    clear(): void {
      if (!foreign()) storage.remove(SESSION_STORAGE_KEY)
    },
  }
}

/** The stored form: a session whose methods may be replaced by their root. */
type CompactSession = StoredSession & { allowedMethodsRoot?: string }

const fits = (value: unknown) => JSON.stringify(value).length <= STORAGE_VALUE_MAX_LENGTH

function sameList(a: readonly string[] | undefined, b: readonly string[]): boolean {
  return a !== undefined && a.length === b.length && a.every((v, i) => v === b[i])
}

function sameMethods(a: readonly AllowedMethod[], b: readonly AllowedMethod[]): boolean {
  return (
    a.length === b.length &&
    a.every((m, i) => m['Contract Address'] === b[i]?.['Contract Address'] && m.selector === b[i]?.selector)
  )
}

// Rebuilds the methods a compact session names by root; unknown ones stay empty (the status says so).
function expand(
  compact: CompactSession,
  recompute: (() => readonly AllowedMethod[][]) | undefined,
): StoredSession {
  const { allowedMethodsRoot: root, ...rest } = compact
  // The SDK writes `signature` equal to `authorisationSignature`; a compact form left the copy out.
  const stored = { ...rest, signature: rest.signature ?? rest.authorisationSignature }
  if (root === undefined) return stored
  const methods = recompute?.().find((list) => list.length && toHex(methodsTree(list).root) === root)
  return { ...stored, allowedMethods: methods ?? [] }
}

/** The store {@link createSessionStore} returns. */
export type SessionStore = ReturnType<typeof createSessionStore>

const isStrings = isArrayOf<string>(isString)
const isDeploymentPayload = (value: unknown) =>
  hasShape(value, {
    classHash: isString,
    constructorCalldata: isStrings,
    addressSalt: isString,
    contractAddress: isString,
  })

/**
 * The deployment payload of a wallet answer when it has the expected fields, else undefined.
 *
 * @example
 * readDeploymentPayload(answer.deploymentPayload)?.classHash
 */
export function readDeploymentPayload(value: unknown): DeploymentPayload | undefined {
  if (!isDeploymentPayload(value)) return undefined
  const { classHash, constructorCalldata, addressSalt, contractAddress } = value as DeploymentPayload
  return { classHash, constructorCalldata, addressSalt, contractAddress }
}

/** The stored session's shape (protocol's SessionSchema, field for field), as a zod-free guard. */
export const StoredSessionGuard = {
  safeParse(value: unknown): { success: true; data: StoredSession } | { success: false } {
    const metadata = fields(value)?.metadata
    const ok =
      hasShape(value, {
        allowedMethods: isArrayOf((m) => hasShape(m, { 'Contract Address': isString, selector: isString })),
        sessionKey: (k) => hasShape(k, { publicKey: isString, privateKey: isString }),
        expiresAt: isNumber,
        address: isString,
        chainId: isString,
        authorisationSignature: isStrings,
        hash: isString,
        version: isString,
        sessionKeyGuid: isString,
        signature: isOptional(isStrings),
        deploymentPayload: (p) => p === undefined || isDeploymentPayload(p),
      }) &&
      (isString(metadata) || hasShape(metadata, { projectID: isString, txFees: Array.isArray }))
    return ok ? { success: true, data: value as StoredSession } : { success: false }
  },
}
