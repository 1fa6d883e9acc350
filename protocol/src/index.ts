// @webwallet/protocol main entry: schemas, wire envelope, constants, environments. No tRPC runtime
// (that lives in '@webwallet/protocol/router') and no error table (that lives in
// '@webwallet/protocol/errors'), so the browser bundle stays small.
export * from './bytes'
export * from './constants'
export * from './entities/connector'
export * from './entities/defi'
export * from './entities/paymaster'
export * from './entities/portfolio'
export * from './entities/session'
export * from './envelope'
export * from './environments'
// Schemas of the procedures and wallet_* requests live in '@webwallet/protocol/procedures'; their types are here.
export type {
  ModalEvent,
  MutationName,
  ProcedureInput,
  ProcedureName,
  ProcedureOutput,
} from './procedures/procedures'
export type {
  WalletRequest,
  WalletRequestParams,
  WalletRequestResult,
  WalletRequestType,
} from './procedures/walletApi'
export type { WalletEvent } from './procedures/walletEvents'
export * from './schemas/address'
export * from './schemas/calldata'
export * from './schemas/felt'
export { genericSchemaMessage } from './schemas/genericMessages'
export * from './schemas/hex'
export * from './schemas/keccak'
export * from './schemas/misc'
export * from './schemas/shortString'
export * from './schemas/storage'
export * from './starknet/index'
