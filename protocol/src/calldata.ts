// @webwallet/protocol/calldata: starknet.js's `CallData.compile` as the wallet and the SDK both read calldata
// (nested lists, objects of arguments, u256, Cairo values), with the refusals of what reads two ways. An entry
// of its own, zod-free, so the SDK loads it only when it first compiles a call.
export {
  CALLDATA_MAX_DEPTH,
  type CalldataPath,
  type CalldataReading,
  compileCalldata,
} from './schemas/compileCalldata'
export { type CalldataIssue, calldataPlace, readCalldata, shownValue } from './schemas/readCalldata'
