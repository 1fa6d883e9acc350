// @webwallet/shim/argent: a drop-in for @argent/invisible-sdk 1.0.0's `ArgentWebWallet`, on our session SDK.

export type { ApprovalRequest } from '@webwallet/protocol'
export {
  type ArgentExtraOptions,
  ArgentWebWallet,
  type ConnectResponse,
  type InitParams,
  type PaymasterParameters,
  type SessionParameters,
  type SignedSession,
} from './ArgentWebWallet'
export {
  type AccountDeploymentPayload,
  ArgentSessionAccount,
  type ArgentSessionStatus as SessionStatus,
  type DeployingAccount,
  type ExecuteDetails,
  type OutsideExecutionCall,
} from './account'
