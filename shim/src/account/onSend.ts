// What a session account sends with, in the SDK's first-use chunk (../firstUse.ts): the calldata compiler and
// the routes that send (deployment, self-paid invoke, paymaster, outside execution, the lost-answer lookup).
// A first execute waits for the chunk once, as it waited for the compiler's alone before.
export { readCalldata } from '@webwallet/protocol/calldata'
export { deployAccount, deployedWith, deployedWithNonce, isDeployed } from './deploy'
export { executeGasless } from './gasless'
export { estimateSession, invokeWithSession } from './invoke'
export { afterDeadline } from './lostAnswer'
export { namedCalls, signOutsideExecution } from './outside'
export { probeOutsideExecution } from './probe'
export { deployWith, estimateRoute, outsideReads, runRoute } from './sendRoutes'
