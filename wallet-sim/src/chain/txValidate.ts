// A transaction's checks before its calls run: the nonce, then the account (deployed by a DEPLOY_ACCOUNT,
// else already there) and its `__validate__` / `__validate_deploy__`, which must answer VALID.
import { type Felt, VALID } from './contract'
import { RpcCode } from './errors'
import { type Execution, ExecutionFailure, type Invocation } from './execute'
import { selectorOf, toHex } from './felt'
import { validationGas } from './gas'
import { type LimitedGasMeter, VALIDATE_MAX_L2_GAS } from './limits'
import type { State } from './state'
import type { Transaction } from './transaction'
import { reject } from './txOutcome'

/**
 * The sender's nonce, when `tx` carries it; else refuses 52.
 * @example const nonce = checkNonce(state, tx, senderOf(tx))
 */
export function checkNonce(state: State, tx: Transaction, sender: Felt): Felt {
  const nonce = state.getNonce(sender)
  if (tx.nonce !== nonce) {
    throw reject(
      RpcCode.INVALID_TRANSACTION_NONCE,
      `Invalid transaction nonce of contract at address ${toHex(sender)}. Account nonce: ${toHex(nonce)}; got: ${toHex(tx.nonce)}.`,
    )
  }
  return nonce
}

/** The calls validation made: the account's constructor (DEPLOY_ACCOUNT) and its validate entry point. */
export interface Validated {
  constructorInvocation?: Invocation
  validateInvocation?: Invocation
}

/**
 * Deploys the account of a DEPLOY_ACCOUNT (or checks the sender is deployed) and, unless `validate` is false
 * (SKIP_VALIDATE), runs its validate entry point within the step limit. Any failure is refused 55.
 * @example const { validateInvocation } = validateTransaction(exec, state, tx, sender, meter, opts.validate)
 */
export function validateTransaction(
  exec: Execution,
  state: State,
  tx: Transaction,
  sender: Felt,
  meter: LimitedGasMeter,
  validate: boolean,
): Validated {
  const validated: Validated = {}
  try {
    if (tx.type === 'DEPLOY_ACCOUNT') {
      if (state.getClassHash(sender) !== 0n) throw new ExecutionFailure('CONTRACT_ADDRESS_UNAVAILABLE', [])
      const deployment = {
        classHash: tx.classHash,
        salt: tx.contractAddressSalt,
        constructorCalldata: tx.constructorCalldata,
        fromZero: true,
      }
      exec.deploy(0n, deployment, (inv) => {
        validated.constructorInvocation = inv
      })
    } else if (state.getClassHash(sender) === 0n) {
      throw new ExecutionFailure(`Requested contract address ${toHex(sender)} is not deployed.`, [])
    }
    if (validate) validated.validateInvocation = runValidate(exec, state, tx, sender, meter)
  } catch (e) {
    // starknet-devnet (blockifier) words a validation failure so, whatever failed.
    if (e instanceof ExecutionFailure) {
      throw reject(RpcCode.VALIDATION_FAILURE, `Transaction validation has failed:\n${e.describe()}`)
    }
    throw e
  }
  return validated
}

function runValidate(
  exec: Execution,
  state: State,
  tx: Transaction,
  sender: Felt,
  meter: LimitedGasMeter,
): Invocation {
  meter.metering = false
  // The work validation reports counts against its step limit (what the formula prices apart).
  meter.validationRoom = VALIDATE_MAX_L2_GAS - validationGas(tx.signature.length)
  const calldata =
    tx.type === 'INVOKE' ? tx.calldata : [tx.classHash, tx.contractAddressSalt, ...tx.constructorCalldata]
  const selector = selectorOf(tx.type === 'INVOKE' ? '__validate__' : '__validate_deploy__')
  const invocation = exec.call({ to: sender, selector, calldata }, 0n)
  meter.validationRoom = undefined
  meter.metering = true
  if (invocation.result.length !== 1 || invocation.result[0] !== VALID) {
    throw new ExecutionFailure('The validate entry point should return `VALID`.', [
      { contractAddress: sender, classHash: state.getClassHash(sender), selector },
    ])
  }
  return invocation
}
