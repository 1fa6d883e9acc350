// The contract model of the simulated chain: TypeScript classes keyed by class hash, their state in the chain's
// storage maps, run with the entry points and context (caller, transaction, block) Cairo contracts see.

/** A Starknet field element, as a bigint in [0, P). */
export type Felt = bigint

/** One call of a multicall, as an account's `__execute__` receives it. */
export interface Call {
  readonly to: Felt
  readonly selector: Felt
  readonly calldata: readonly Felt[]
}

/** V3 resource bounds of one resource. */
export interface ResourceBound {
  readonly maxAmount: bigint
  readonly maxPricePerUnit: bigint
}

/** What `get_tx_info` / `get_execution_info` give a contract. */
export interface TxInfo {
  readonly hash: Felt
  readonly version: Felt
  readonly accountAddress: Felt
  readonly signature: readonly Felt[]
  readonly nonce: Felt
  readonly chainId: Felt
  readonly tip: bigint
  readonly resourceBounds: {
    readonly l1Gas: ResourceBound
    readonly l2Gas: ResourceBound
    readonly l1DataGas: ResourceBound
  }
  readonly paymasterData: readonly Felt[]
  readonly accountDeploymentData: readonly Felt[]
  readonly nonceDataAvailabilityMode: 0 | 1
  readonly feeDataAvailabilityMode: 0 | 1
}

export interface BlockInfo {
  readonly number: bigint
  /** Seconds since the Unix epoch (the simulator's clock, which tests can move). */
  readonly timestamp: bigint
  readonly sequencerAddress: Felt
}

/** An event as emitted by a contract; the node adds from_address, block and transaction. */
export interface EmittedEvent {
  readonly keys: readonly Felt[]
  readonly data: readonly Felt[]
}

/**
 * What a running contract can see and do. One context per (contract address, call frame).
 * Storage writes and events are journaled by the node and rolled back when the transaction reverts.
 */
export interface ExecutionContext {
  readonly contractAddress: Felt
  /** `get_caller_address`: 0 for the protocol's own calls (validate/execute of an account). */
  readonly callerAddress: Felt
  readonly tx: TxInfo
  readonly block: BlockInfo
  storageRead(key: Felt): Felt
  storageWrite(key: Felt, value: Felt): void
  emitEvent(event: EmittedEvent): void
  /** `call_contract_syscall`: runs `call` with this contract as the caller; throws ContractError on failure. */
  callContract(call: Call): Felt[]
  /**
   * Charges L2 gas for work the node cannot see (a signature check, a SNIP-12 hash: `L2_GAS` in gas.ts);
   * counts only while metered (not in validation, which is priced by formula). Optional for test doubles.
   */
  consumeGas?(amount: bigint): void
  /** `get_class_hash_at`: 0n when nothing is deployed there. */
  getClassHashAt(address: Felt): Felt
  /** `deploy_syscall`: returns the new contract's address; runs its constructor. */
  deploy(args: {
    classHash: Felt
    salt: Felt
    constructorCalldata: readonly Felt[]
    /** true: deployer address in the address hash is 0 (UDC `unique = false`, deploy-account). */
    fromZero: boolean
  }): Felt
}

/** An entry point: calldata in, return data (felts) out. Throw ContractError to fail. */
export type EntryPoint = (ctx: ExecutionContext, calldata: readonly Felt[]) => Felt[]

/** ABI entry, as `starknet_getClass` returns it (Sierra ABI JSON). */
export type AbiEntry = Record<string, unknown>

export interface ContractClass {
  /** Class hash under which the class is declared (a real Starknet class hash where the class imitates one). */
  readonly classHash: Felt
  /** Human-readable name, for logs and traces. */
  readonly name: string
  readonly abi: readonly AbiEntry[]
  /** External and view entry points, keyed by selector (`selector.getSelectorFromName(name)`) as 0x-hex. */
  readonly entryPoints: Readonly<Record<string, EntryPoint>>
  /**
   * `#[l1_handler]` entry points, keyed like `entryPoints`. Only an L1 -> L2 message reaches them (never a
   * call or an invoke); the calldata starts with the L1 sender (`from_address`), then the message payload.
   */
  readonly l1Handlers?: Readonly<Record<string, EntryPoint>>
  /** Runs once at deployment. */
  readonly construct?: EntryPoint
}

/**
 * A contract failure: the node turns it into a revert (with `revertReason`) or, in validation,
 * into a validation failure (RPC error 55). `reason` is a short string or text as Cairo panics carry it.
 */
export class ContractError extends Error {
  override readonly name = 'ContractError'
  constructor(
    readonly reason: string,
    readonly data: readonly Felt[] = [],
  ) {
    super(reason)
  }
}

/** The felt `'VALID'`, which `__validate__` and `is_valid_signature` return on success. */
export const VALID = 0x56414c4944n
