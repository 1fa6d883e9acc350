// What a session account sends with, in the SDK's first-use chunk (../firstUse.ts): the calldata compiler,
// the execute pipeline, and the outside execution's reads and signature.
export { readCalldata } from '@webwallet/protocol/calldata'
export { deployedWithNonce, isDeployed } from './deploy'
export { afterDeadline } from './lostAnswer'
export { namedCalls, signOutsideExecution } from './outside'
export { deployWith, estimateRoute, outsideReads, runPipeline } from './pipeline'
