// Starknet facts, written once: the field, the fee tokens, one reading of an address, and the felt helpers
// that need nothing but bigints. No zod and no starknet.js, so a browser bundle (the shim, the wallet page)
// pays only for what it reads; `@webwallet/protocol/constants` re-exports it. A scan test
// (e2e/tests/scripts/starknetFacts) keeps the literals and the address spellings here.
export * from './address'
export * from './felt'
export * from './field'
export { readFelt } from './strictFelt'
export * from './tokens'
