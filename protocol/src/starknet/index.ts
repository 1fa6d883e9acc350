// Starknet facts, written once (e2e/tests/scripts/starknetFacts keeps them here). No zod and no starknet.js,
// so a browser bundle pays only for what it reads.
export * from './address'
export * from './felt'
export * from './field'
export { readFelt } from './strictFelt'
export * from './tokens'
