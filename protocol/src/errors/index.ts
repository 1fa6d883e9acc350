// @webwallet/protocol/errors: the error table (code → class → exact SPEC.md text), serialize/parse for
// the wire, and the code lists. Kept out of the main entry so schema-only consumers do not bundle it.
export {
  COSIGNER_REFUSALS,
  type CosignerRefusal,
  isCosignerRefusal,
} from '../services/cosignerRefusals'
export * from './base'
export * from './calldata'
export * from './chain'
export * from './codes'
export * from './connector'
export * from './parse'
export type { ErrorClass, ErrorCode } from './registry'
export { ERROR_CLASSES } from './registry'
export * from './sdk'
export * from './services'
export * from './storageMessages'
export * from './validation'
