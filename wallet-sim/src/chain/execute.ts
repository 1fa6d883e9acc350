// Runs entry points of contract classes against a state layer: call frames, the execution context
// contracts see, gas metering, ordered events and the call tree that traces and receipts report.
import {
  type BlockInfo,
  type Call,
  ContractError,
  type ExecutionContext,
  type Felt,
  type TxInfo,
} from './contract'
import { contractAddress, selectorKey, selectorOf, toHex } from './felt'
import { type GasMeter, L2_GAS } from './gas'
import { getContractClass } from './registry'
import type { State } from './state'

export type EntryPointType = 'EXTERNAL' | 'CONSTRUCTOR' | 'L1_HANDLER'

/** One node of the call tree (the RPC's FUNCTION_INVOCATION, felts as bigints). */
export interface Invocation {
  readonly contractAddress: Felt
  readonly selector: Felt
  readonly calldata: readonly Felt[]
  readonly callerAddress: Felt
  readonly classHash: Felt
  readonly entryPointType: EntryPointType
  result: Felt[]
  readonly calls: Invocation[]
  readonly events: { order: number; keys: readonly Felt[]; data: readonly Felt[] }[]
  l2Gas: bigint
  isReverted: boolean
}

/** An event with its emitter, in emission order within the transaction. */
export interface OrderedEvent {
  readonly fromAddress: Felt
  readonly keys: readonly Felt[]
  readonly data: readonly Felt[]
}

/** Where a failure happened, outermost call first. */
export interface FailedFrame {
  readonly contractAddress: Felt
  readonly classHash: Felt
  readonly selector: Felt
}

/**
 * A failed call: the contract's panic reason plus the frames it crossed. The node turns it into a
 * revert reason, an RPC contract error (40) or a validation failure (55).
 */
export class ExecutionFailure extends ContractError {
  constructor(
    reason: string,
    readonly frames: FailedFrame[],
    data: readonly Felt[] = [],
  ) {
    super(reason, data)
  }

  /** The text Starknet puts in `revert_reason` / `execution_error`. */
  describe(): string {
    const lines = this.frames.map(
      (f, i) =>
        `${i}: Error in the called contract (contract address: ${toHex(f.contractAddress)}, class hash: ${toHex(f.classHash)}, selector: ${toHex(f.selector)}):`,
    )
    const felt = encodeReason(this.reason)
    return [...lines, `Execution failed. Failure reason:\n${felt}.`].join('\n')
  }
}

function encodeReason(reason: string): string {
  if (reason.length <= 31 && /^[\x20-\x7e]*$/.test(reason)) {
    const hex = Buffer.from(reason, 'latin1').toString('hex')
    return `0x${hex} ('${reason}')`
  }
  return `"${reason}"`
}

/** The transaction-wide part of an execution: state layer, tx and block info, gas, events. */
export class Execution {
  readonly events: OrderedEvent[] = []
  private order = 0

  constructor(
    readonly state: State,
    readonly tx: TxInfo,
    readonly block: BlockInfo,
    readonly meter: GasMeter,
  ) {}

  /**
   * Runs one entry point with `callerAddress` as the caller; throws ExecutionFailure.
   * @example exec.call({ to: token, selector: selectorOf('transfer'), calldata }, account)
   */
  call(call: Call, callerAddress: Felt, entryPointType: EntryPointType = 'EXTERNAL'): Invocation {
    const classHash = this.state.getClassHash(call.to)
    const frame = { contractAddress: call.to, classHash, selector: call.selector }
    const inv: Invocation = {
      contractAddress: call.to,
      selector: call.selector,
      calldata: [...call.calldata],
      callerAddress,
      classHash,
      entryPointType,
      result: [],
      calls: [],
      events: [],
      l2Gas: 0n,
      isReverted: false,
    }
    const before = this.meter.used
    this.meter.charge(L2_GAS.call)
    try {
      if (classHash === 0n)
        throw new ContractError(`Requested contract address ${toHex(call.to)} is not deployed.`)
      const cls = getContractClass(classHash)
      if (!cls) throw new ContractError(`Class with hash ${toHex(classHash)} is not declared.`)
      // Each kind has its own table, so an L1 handler is not callable and an external is no L1 handler.
      const ep =
        entryPointType === 'CONSTRUCTOR'
          ? cls.construct
          : entryPointType === 'L1_HANDLER'
            ? cls.l1Handlers?.[selectorKey(call.selector)]
            : cls.entryPoints[selectorKey(call.selector)]
      if (!ep) {
        if (entryPointType === 'CONSTRUCTOR' && call.calldata.length === 0) return inv
        throw new ContractError(
          entryPointType === 'CONSTRUCTOR' ? 'Invalid constructor calldata' : 'ENTRYPOINT_NOT_FOUND',
        )
      }
      inv.result = ep(this.context(inv), call.calldata)
    } catch (e) {
      inv.isReverted = true
      if (e instanceof ExecutionFailure) {
        e.frames.unshift(frame)
        throw e
      }
      if (e instanceof ContractError) throw new ExecutionFailure(e.reason, [frame], e.data)
      throw new ExecutionFailure(e instanceof Error ? e.message : String(e), [frame])
    } finally {
      inv.l2Gas = this.meter.used - before
    }
    return inv
  }

  /** `deploy_syscall`: computes the address, sets the class and runs the constructor. */
  deploy(
    deployer: Felt,
    args: { classHash: Felt; salt: Felt; constructorCalldata: readonly Felt[]; fromZero: boolean },
    onConstructor?: (inv: Invocation) => void,
  ): Felt {
    this.meter.charge(L2_GAS.deploy)
    const address = contractAddress(
      args.salt,
      args.classHash,
      args.constructorCalldata,
      args.fromZero ? 0n : deployer,
    )
    if (!getContractClass(args.classHash))
      throw new ContractError(`Class with hash ${toHex(args.classHash)} is not declared.`)
    if (this.state.getClassHash(address) !== 0n) throw new ContractError('CONTRACT_ADDRESS_UNAVAILABLE')
    this.state.setClassHash(address, args.classHash)
    const inv = this.call(
      { to: address, selector: selectorOf('constructor'), calldata: args.constructorCalldata },
      deployer,
      'CONSTRUCTOR',
    )
    onConstructor?.(inv)
    return address
  }

  private context(inv: Invocation): ExecutionContext {
    const address = inv.contractAddress
    return {
      contractAddress: address,
      callerAddress: inv.callerAddress,
      tx: this.tx,
      block: this.block,
      storageRead: (key) => {
        this.meter.charge(L2_GAS.storageRead)
        return this.state.getStorage(address, key)
      },
      storageWrite: (key, value) => {
        this.meter.charge(L2_GAS.storageWrite)
        this.state.setStorage(address, key, value)
      },
      emitEvent: (event) => {
        this.meter.charge(L2_GAS.event)
        const ev = { keys: [...event.keys], data: [...event.data] }
        inv.events.push({ order: this.order++, ...ev })
        this.events.push({ fromAddress: address, ...ev })
      },
      callContract: (call) => {
        const child = this.call(call, address)
        inv.calls.push(child)
        return child.result
      },
      getClassHashAt: (target) => this.state.getClassHash(target),
      consumeGas: (amount) => this.meter.charge(amount),
      deploy: (args) => this.deploy(address, args, (c) => inv.calls.push(c)),
    }
  }
}
