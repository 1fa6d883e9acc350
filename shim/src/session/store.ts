import {
  type DeploymentPayload,
  SESSION_STORAGE_KEY,
  type Session as StoredSession,
} from '@webwallet/protocol'
import { fields, hasShape, isArrayOf, isNumber, isOptional, isString } from '../http/shape'
import type { KeyVault } from '../storage/keyVault'
import type { SdkStorage } from '../storage/storage'
import type { ActiveSession } from './signature'

/**
 * Keeps the signed session under the key 'session'. The private key is sealed by the key vault before
 * it is written, and unsealed on load; anything unreadable (bad JSON, wrong shape, a key the vault cannot
 * open) is removed and the load answers undefined.
 *
 * @example
 * const sessions = createSessionStore(createStorage(), createKeyVault())
 * await sessions.save(active)
 * const restored = await sessions.load()
 */
export function createSessionStore(
  storage: SdkStorage,
  vault: KeyVault,
  /** Told when a stored session could not be used and was removed. */
  onDiscard: (reason: string) => void = () => {},
) {
  return {
    async save(active: ActiveSession): Promise<void> {
      const sealed = await vault.seal(active.privateKey)
      storage.setJson(SESSION_STORAGE_KEY, {
        ...active.stored,
        sessionKey: { ...active.stored.sessionKey, privateKey: sealed },
      } satisfies StoredSession)
    },
    async load(): Promise<ActiveSession | undefined> {
      const stored = storage.getJson(SESSION_STORAGE_KEY, StoredSessionGuard)
      if (stored === undefined) return undefined
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
    clear(): void {
      storage.remove(SESSION_STORAGE_KEY)
    },
  }
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
