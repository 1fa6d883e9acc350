// @webwallet/protocol/procedures: the wallet router's procedure schemas, the get-starknet `wallet_*` request
// schemas and the conversion of their calls' calldata. A separate entry (zod and two error classes, no
// tRPC) so the main entry stays within its 15 KB budget; the main entry re-exports their types.
export * from '../schemas/compileCalldata'
export * from '../schemas/readCalldata'
export * from './calldata'
export * from './callsInput'
export * from './executeInput'
export * from './outsideExecutionMessage'
export * from './procedures'
export * from './sessionMetadata'
export * from './strictFelt'
export * from './walletApi'
export * from './walletEvents'
