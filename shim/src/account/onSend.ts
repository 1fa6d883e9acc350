// What a session account sends with, in the SDK's first-use chunk (../firstUse.ts): the calldata compiler and
// the execute pipeline (deployment, estimate, the self-paid or paymaster transaction, sign, send with the
// lost-answer lookup) and the outside execution's reads and signature.
// A first execute waits for the chunk once, as it waited for the compiler's alone before.
export { readCalldata } from '@webwallet/protocol/calldata'
export { deployedWithNonce, isDeployed } from './deploy'
export { afterDeadline } from './lostAnswer'
export { namedCalls, signOutsideExecution } from './outside'
export { deployWith, estimateRoute, outsideReads, runPipeline } from './pipeline'
