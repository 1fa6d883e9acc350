// The step limits Starknet puts on an account's validation, and the price of the work the built-in chain
// cannot meter that comes close to them. Argent 0.4.0 is a Cairo-steps class (Sierra before 1.7): blockifier
// 0.20 (versioned constants 0.14.4) runs its `__validate__` under `validate_max_n_steps` = 1,000,000 steps,
// i.e. `validate_max_sierra_gas` = 100,000,000 L2 gas at 100 gas a step; `__execute__` gets ten times the
// steps (`invoke_tx_max_n_steps`). A validation that needs more is refused (55) with Cairo's "Could not reach
// the end of the program. RunResources has no remaining steps."
import { ExecutionFailure } from './execute'
import { toHex } from './felt'
import { GasMeter } from './gas'

/** L2 gas a validation may use: `validate_max_sierra_gas` (1,000,000 Cairo steps × 100). */
export const VALIDATE_MAX_L2_GAS = 100_000_000n

/**
 * What verifying a WebAuthn (P-256) session signature costs Argent 0.4.0 beyond a Stark one: rebuilding the
 * client data JSON and authenticator data, two SHA-256 in Cairo, base64url and the secp256r1 recovery.
 * Measured on starknet-devnet 0.10.1: the same session outside execution relayed by a dev account used
 * 136,923,280 L2 gas with a P-256 session key and 2,954,320 with a Stark one (e2e/devnet/p256.test.ts).
 */
export const WEBAUTHN_VERIFY_L2_GAS = 134_000_000n

/** Cairo's words when a run uses up its steps (blockifier's error as starknet-devnet reports it). */
export const OUT_OF_STEPS = 'Could not reach the end of the program. RunResources has no remaining steps.'

/** A run out of steps: the frames it crossed, then Cairo's words (no program counter or traceback here). */
export class OutOfSteps extends ExecutionFailure {
  constructor() {
    super(OUT_OF_STEPS, [])
  }

  override describe(): string {
    const lines = this.frames.map(
      (f, i) =>
        `${i}: Error in the called contract (contract address: ${toHex(f.contractAddress)}, class hash: ${toHex(f.classHash)}, selector: ${toHex(f.selector)}):`,
    )
    return [...lines, '', `${OUT_OF_STEPS}\n`].join('\n')
  }
}

/**
 * The gas meter of a transaction with validation's limit: while `validationRoom` is set (validation runs,
 * unmetered since validation is priced by formula), the work contracts and calls report is counted against
 * it and the run stops with OutOfSteps past it.
 * @example const meter = new LimitedGasMeter(); meter.validationRoom = VALIDATE_MAX_L2_GAS - formulaGas
 */
export class LimitedGasMeter extends GasMeter {
  validationRoom: bigint | undefined
  private validationWork = 0n

  override charge(amount: bigint): void {
    super.charge(amount)
    if (this.metering || this.validationRoom === undefined) return
    this.validationWork += amount
    if (this.validationWork > this.validationRoom) throw new OutOfSteps()
  }
}
