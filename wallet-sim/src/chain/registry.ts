// The class registry: every contract class the simulated chain can run, keyed by class hash.
// Built-in classes register themselves in contracts/index.ts; other modules (the Argent account in
// contracts/argent/) call `registerContractClass` at import time.
import type { ContractClass, Felt } from './contract'
import { toHex } from './felt'

const classes = new Map<Felt, ContractClass>()

/**
 * Makes a contract class known to every chain in this process (like declaring it on Starknet).
 * Registering the same object twice is a no-op; another class under a taken hash throws.
 * @example
 * registerContractClass({ classHash: 0x123n, name: 'Counter', abi: [], entryPoints: { ... } })
 */
export function registerContractClass(cls: ContractClass): void {
  const prev = classes.get(cls.classHash)
  if (prev && prev !== cls) throw new Error(`class hash ${toHex(cls.classHash)} is already registered`)
  classes.set(cls.classHash, cls)
}

/**
 * The class declared under `classHash`, or undefined.
 * @example getContractClass(OZ_ACCOUNT_CLASS_HASH)?.name // 'OpenZeppelinAccount'
 */
export function getContractClass(classHash: Felt): ContractClass | undefined {
  return classes.get(classHash)
}

/** Every registered class (for `getClass`-style listings and state updates). */
export function listContractClasses(): ContractClass[] {
  return [...classes.values()]
}
