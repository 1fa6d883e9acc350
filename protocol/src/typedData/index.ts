// @webwallet/protocol/typedData: the one canonical reader of SNIP-12 typed data (revisions 0 and 1), the
// classification of what it is (outside execution, session, message) and the proof rule for "text only".
// Screens, the wallet page's checks and the wallet server all read typed data through it.
export * from './classify'
export {
  type KnownKind,
  type KnownShape,
  knownShapes,
  OUTSIDE_EXECUTION_V1_TYPES,
  OUTSIDE_EXECUTION_V2_TYPES,
  SESSION_TYPES,
} from './known'
export * from './meaning'
export * from './readTypedData'
export * from './respell'
export { BASIC_TYPES, PRESET_TYPES } from './schema'
export * from './textOnly'
export * from './tree'
export { feltText } from './values'
